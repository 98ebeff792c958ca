import RehearsalBase
import ScenarioJSON

/// One call of a scripted mock method, as recorded: `StoreRepository.fetchContributors` with its arguments.
struct MockCall: Sendable {
    /// The key the scenario answers it by: `Type.method`, or its full name (`Type.method(label:)`) when the scenario
    /// keys this overload by it (see ``MockScriptEngine/scriptKey(for:)``).
    var key: String
    /// `Type.method(label:label:)`: the method's full name, which tells overloads apart.
    var fullKey: String
    /// The arguments by label, in order (`_0`, `_1`… for unlabelled ones).
    var arguments: JSONObject

    /// Builds a call from the mock's name, the calling method's `#function` and the argument values.
    ///
    /// `#function` of `fetchContributors(storeId:cursor:)` gives the method name and the argument labels; a
    /// property gives just its name.
    init(mock: String, function: String, values: [Any?], encoding: ValueEncoding) {
        let (method, labels) = FunctionName.parts(of: function)
        key = "\(mock).\(method)"
        fullKey = "\(mock).\(function)"
        var arguments = JSONObject()
        for (index, value) in values.enumerated() {
            let label = index < labels.count && labels[index] != "_" ? labels[index] : "_\(index)"
            arguments[label] = value.map { encoding.encode($0) } ?? .null
        }
        self.arguments = arguments
    }

    /// A call of `key` with labelled argument values (a framework stand-in's call, whose labels it gives).
    init(key: String, arguments values: [(label: String, value: Any)], encoding: ValueEncoding) {
        self.key = key
        fullKey = key
        var arguments = JSONObject()
        for (label, value) in values { arguments[label] = encoding.encode(value) }
        self.arguments = arguments
    }
}

/// A `#function` name's method name and argument labels (`fetch(storeId:cursor:)`: `fetch`, `storeId`, `cursor`),
/// found once per name: a method's `#function` is the same text at every call.
private enum FunctionName {
    private static let lock = _Lock()
    nonisolated(unsafe) private static var known: [String: (method: String, labels: [String])] = [:]

    static func parts(of function: String) -> (method: String, labels: [String]) {
        if let parts = lock.withLock({ known[function] }) { return parts }
        let method = String(function.prefix { $0 != "(" })
        var labels: [String] = []
        if let open = function.firstIndex(of: "("), let close = function.lastIndex(of: ")"), open < close {
            labels = function[function.index(after: open)..<close]
                .split(separator: ":", omittingEmptySubsequences: true)
                .map(String.init)
        }
        lock.withLock { known[function] = (method, labels) }
        return (method, labels)
    }
}

/// What the script answered a call with.
enum MockAnswer: Sendable {
    /// The scripted `return` value and where it is written.
    case value(JSONValue, at: JSONPointer)
    /// The scripted `throw` value and where it is written.
    case error(JSONValue, at: JSONPointer)
    /// The call's task was cancelled before the answer arrived; carries the scripted answer, if there was one.
    case cancelled(MockResponse?)
}

/// A call recorded at the instant it was made, with the response picked for it.
struct StartedCall: Sendable {
    /// The call.
    var call: MockCall
    /// The response that answers it; `nil` when none was left (already reported).
    var response: MockResponse?
    /// The response's index in its key's list.
    var index: Int
    /// The `seq` of the call's event, which its answers name.
    var seq: Int
    /// Which use of its response this call is (0 for the first call it answers).
    var use = 0
}
