import Foundation

/// The scripted mock `rehearsal init` writes for a repository protocol: a `ScriptedMock` subclass with one method
/// per requirement, each forwarding its arguments to the scenario's script as docs/mocks-and-ports.md's table says (`try await
/// respond(id)` for `async throws -> User`, `respond(url, completion: completion)` for a completion handler,
/// `record(event)` for a synchronous `Void` method…). A requirement it cannot forward is an editor placeholder the
/// compiler points at.
///
/// ```swift
/// final class GreetingRepositoryMock: ScriptedMock, GreetingRepository {
///     func greeting(for name: String) async throws -> String {
///         try await respond(name)
///     }
/// }
/// ```
enum MockSource {
    /// The mock's class name: the protocol's without a `Protocol` or `Type` suffix, then `Mock`
    /// (`UserServiceProtocol` → `UserServiceMock`), so its calls are keyed `UserService.method`.
    static func className(of protocolName: String) -> String {
        keyName(of: protocolName) + "Mock"
    }

    /// The name the mock's calls are keyed by: the protocol's without a `Protocol` or `Type` suffix
    /// (`UserServiceProtocol` → `UserService`), as `ScriptedMock` names its class without `Mock`.
    static func keyName(of protocolName: String) -> String {
        var name = protocolName
        for suffix in ["Protocol", "Type"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// The mock class of `declaration` (a protocol), and how many placeholders are left in it.
    static func text(for declaration: SwiftDeclarations.Declaration) -> (text: String, placeholders: Int) {
        let (methods, others) = SwiftDeclarations.requirements(of: declaration)
        let sendable = declaration.header.contains("Sendable") ? ", @unchecked Sendable" : ""
        var lines = ["final class \(className(of: declaration.name)): ScriptedMock, \(declaration.name)\(sendable) {"]
        var placeholders = 0
        var members: [[String]] = []
        for method in methods {
            if let body = body(for: method) {
                members.append(["    \(method.signature) {", "        \(body)", "    }"])
            } else {
                placeholders += 1
                members.append([
                    "    \(method.signature) {",
                    "        <#forward to respond(…) or record(…): see Rehearsal's docs/mocks-and-ports.md#>", "    }",
                ])
            }
        }
        for requirement in others {
            switch requirement {
            case .property(let name, let type):
                // The key `Protocol.name` answers it at once, as a synchronous method.
                if let fallback = fallback(of: bare(type)) {
                    members.append(["    var \(name): \(type) { respond(otherwise: \(fallback)) }"])
                } else {
                    placeholders += 1
                    members.append([
                        "    var \(name): \(type) { respond(otherwise: <#a \(type) for when the script has none#>) }"
                    ])
                }
            case .unread(let written):
                placeholders += 1
                members.append(["    <#implement: \(written)#>"])
            }
        }
        lines += members.map { $0.joined(separator: "\n") }.joined(separator: "\n\n").split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        lines.append("}")
        return (lines.joined(separator: "\n"), placeholders)
    }

    /// The forwarding line of `method`, or `nil` when its shape is not one the table has.
    static func body(for method: SwiftDeclarations.Method) -> String? {
        var arguments = method.parameters.map(\.name)
        let returned = method.returnType.map(bare)
        // A completion handler last: the call is answered through it.
        if let last = method.parameters.last, last.type.contains("->"), !method.isAsync, returned == nil {
            arguments.removeLast()
            let list = (arguments + ["completion: \(last.name)"]).joined(separator: ", ")
            return method.isThrowing ? nil : "respond(\(list))"
        }
        guard !method.parameters.contains(where: { $0.type.contains("->") || $0.type.hasPrefix("inout") }) else {
            return nil
        }
        let list = arguments.joined(separator: ", ")
        switch (method.isAsync, method.isThrowing, returned) {
        case (true, true, _):
            return "try await respond(\(list))"
        case (true, false, let type?) where type.hasPrefix("Result<"):
            return "await respond(\(list))"
        case (true, false, nil):
            // The throwing overload, its failure (a cancelled call) dropped: the method cannot fail.
            return "try? await respond(\(list)) as Void"
        case (true, false, let type?):
            guard let fallback = fallback(of: type) else { return nil }
            return "(try? await respond(\(list))) ?? \(fallback)"
        case (false, _, let type?)
        where ["AnyPublisher<", "Future<", "AsyncStream<", "AsyncThrowingStream<"].contains(where: type.hasPrefix):
            return method.isThrowing ? nil : "respond(\(list))"
        case (false, true, _):
            return "try respond(\(list))"
        case (false, false, nil):
            return "record(\(list))"
        case (false, false, let type?):
            guard let fallback = fallback(of: type) else { return nil }
            return "respond(\(arguments.map { $0 + ", " }.joined())otherwise: \(fallback))"
        }
    }

    /// Whether a scripted `"throw"` reaches `method` (forwarded as ``body(for:)`` writes it) as `ScriptedError`: it
    /// fails with the untyped `Error` (`async throws`, `Result<T, Error>`, `AnyPublisher<T, Error>`, a completion's
    /// `Error?`), whose type the call cannot infer; `throwing: E.self` names the app's own. A typed failure
    /// (`throws(E)`, `Result<T, E>`), a method that cannot fail (the throw is dropped, or it returns its `otherwise:`)
    /// and an `Error` it only takes as an argument (`log(_ error: Error)`) do not count.
    static func failsUntyped(_ method: SwiftDeclarations.Method) -> Bool {
        guard let forwarded = body(for: method),
            !forwarded.hasPrefix("try?"), !forwarded.hasPrefix("(try?"), !forwarded.hasPrefix("record("),
            !forwarded.contains("otherwise:")
        else { return false }
        let failure = /(?:^|[^\w.])(?:any\s+)?(?:Swift\.)?Error(?:[^\w]|$)/
        if forwarded.contains("completion:") { return method.parameters.last?.type.contains(failure) == true }
        if method.returnType?.contains(failure) == true { return true }
        return method.isThrowing && !method.signature.contains(/throws\s*\(/)
    }

    /// A type without `any ` and spaces around it.
    static func bare(_ type: String) -> String {
        var type = type.trimmingCharacters(in: .whitespaces)
        if type.hasPrefix("any ") { type.removeFirst(4) }
        return type
    }

    /// What a synchronous method returns when the script cannot answer, for the types that have an obvious one.
    private static func fallback(of type: String) -> String? {
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("[") { return type.contains(":") ? "[:]" : "[]" }
        switch type {
        case "Bool": return "false"
        case "String": return "\"\""
        case "Int", "Int64", "Int32", "Double", "Float", "CGFloat", "Decimal": return "0"
        default: return nil
        }
    }
}
