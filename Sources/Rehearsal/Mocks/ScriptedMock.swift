import ScenarioJSON

/// The base class of a team's scripted mocks: each method of a repository protocol forwards to the scenario's
/// script in one line.
///
/// The mock's name is its class name without a `Mock` suffix or prefix (`StoreRepositoryMock` →
/// `StoreRepository`); a call's key is `Name.method`, and its arguments are named by the method's labels
/// (taken from `#function`, so pass the arguments in the order of the signature):
///
/// ```swift
/// final class StoreRepositoryMock: ScriptedMock, StoreRepository {
///     func fetchContributors(storeId: Int, cursor: String?) async -> Result<ContributorsPage, RepositoryError> {
///         await respond(storeId, cursor)
///     }
/// }
/// ```
/// A scenario then scripts `"StoreRepository.fetchContributors": [{"after": "300ms", "return": {...}}]`; the
/// timeline records the call with `"args": {"storeId": 42, "cursor": null}`.
///
/// - `Result`-returning methods: `await respond(...)`; `"return"` decodes into the success type, `"throw"` into
///   the failure type. `Result<Void, E>` takes any `"return"`.
/// - `throws` methods: `try await respond(...)`; `"throw"` decodes into ``ScriptedError`` unless `throwing:`
///   names the error type. `Void` methods use the overload without a result.
/// - Synchronous `Void` methods (loggers): `record(...)` only records the call.
/// - Cancellation: when the calling task is cancelled while the response is pending, the call is recorded as
///   `cancelled`; a throwing method throws `CancellationError`, a `Result` method returns `onCancel` if given,
///   else the scripted answer right away (a `"never"` response then keeps waiting, and the end-of-scenario check
///   reports the task).
open class ScriptedMock {
    /// The name calls are keyed by (`StoreRepository`).
    public let mockName: String
    let engine: MockScriptEngine
    let scenario: Scenario

    /// Creates a mock bound to the running scenario; `name` defaults to the class name without `Mock`.
    public init(_ context: ScenarioContext, name: String? = nil) {
        mockName = name ?? Self.defaultName(of: type(of: self))
        engine = context.mockEngine
        scenario = context.scenario
        engine.registerMock(named: mockName)
    }

    static func defaultName(of type: Any.Type) -> String {
        var name = String(describing: type)
        for affix in ["Mock", "Stub", "Fake", "Scripted"] {
            if name.hasSuffix(affix), name.count > affix.count { name.removeLast(affix.count); break }
            if name.hasPrefix(affix), name.count > affix.count { name.removeFirst(affix.count); break }
        }
        return name
    }

    // MARK: Result-returning methods

    /// Answers a `Result`-returning method from the script.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., onCancel: Failure? = nil, function: String = #function
    ) async -> Result<Success, Failure> {
        await result(arguments, onCancel: onCancel, function: function) { value, pointer in
            try self.decode(Success.self, value, at: pointer)
        }
    }

    /// Answers a `Result<Void, Failure>`-returning method from the script; any `"return"` value is accepted.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., onCancel: Failure? = nil, function: String = #function
    ) async -> Result<Void, Failure> {
        await result(arguments, onCancel: onCancel, function: function) { _, _ in () }
    }

    private func result<Success, Failure: Error & Decodable>(
        _ arguments: [Any?], onCancel: Failure?, function: String,
        success: (JSONValue, JSONPointer) throws -> Success
    ) async -> Result<Success, Failure> {
        let call = call(arguments, function)
        var answer = await engine.answer(call)
        if case .cancelled(let response) = answer {
            if let onCancel { return .failure(onCancel) }
            guard let response, let scripted = Self.answer(of: response) else {
                await engine.stall(
                    call,
                    reason: "its task was cancelled while no answer was scripted, and a Result has no value to return",
                    hint: "give the mock's respond(…) an `onCancel:` failure to return when the call is cancelled")
            }
            answer = scripted
        }
        do {
            switch answer {
            case .value(let value, let pointer):
                return .success(try success(value, pointer))
            case .error(let value, let pointer):
                return .failure(try decode(Failure.self, value, at: pointer))
            case .cancelled:
                await engine.stall(
                    call, reason: "its task was cancelled", hint: "give the mock's respond(…) an `onCancel:` failure")
            }
        } catch {
            await engine.stall(
                call, reason: "its scripted response does not decode (reported above)",
                hint: "fix the scripted response so it decodes into the method's return type")
        }
    }

    // MARK: Throwing methods

    /// Answers a throwing method from the script; `"throw"` decodes into `throwing` (``ScriptedError`` by default).
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async throws -> Success {
        try await throwingAnswer(arguments, throwing: throwing, function: function) { value, pointer in
            try self.decode(Success.self, value, at: pointer)
        }
    }

    /// Answers a throwing `Void` method from the script; any `"return"` value is accepted.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async throws {
        try await throwingAnswer(arguments, throwing: throwing, function: function) { _, _ in () }
    }

    private func throwingAnswer<Success, Failure: Error & Decodable>(
        _ arguments: [Any?], throwing: Failure.Type, function: String,
        success: (JSONValue, JSONPointer) throws -> Success
    ) async throws -> Success {
        let call = call(arguments, function)
        let answer = await engine.answer(call)
        do {
            switch answer {
            case .value(let value, let pointer):
                return try success(value, pointer)
            case .error(let value, let pointer):
                let error = try decode(Failure.self, value, at: pointer)
                throw ScriptedThrow(error: error)
            case .cancelled:
                throw CancellationError()
            }
        } catch let scripted as ScriptedThrow {
            throw scripted.error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            await engine.stall(
                call, reason: "its scripted response does not decode (reported above)",
                hint: "fix the scripted response so it decodes into the method's return type")
        }
    }

    // MARK: Synchronous methods

    /// Records a call of a synchronous `Void` method (an analytics logger, a tracker); no response is used.
    public func record(_ arguments: Any?..., function: String = #function) {
        engine.note(call(arguments, function))
    }

    // MARK: Helpers

    private func call(_ arguments: [Any?], _ function: String) -> MockCall {
        MockCall(mock: mockName, function: function, values: arguments, encoding: ValueEncoding())
    }

    private func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, at pointer: JSONPointer) throws -> T {
        do {
            return try JSONValueDecoder().decode(type, from: scenario.document, at: pointer)
        } catch let error as JSONError {
            engine.reportDecodingFailure(error, expected: type)
            throw error
        }
    }

    private static func answer(of response: MockResponse) -> MockAnswer? {
        switch response.outcome {
        case .value(let value): return .value(value, at: response.pointer.appending("return"))
        case .error(let value): return .error(value, at: response.pointer.appending("throw"))
        case .never: return nil
        }
    }

}

/// Carries a scripted error through the decoding `do` block without being taken for a decoding failure.
private struct ScriptedThrow: Error {
    var error: any Error
}

/// The error a throwing scripted mock throws by default: whatever the scenario's `"throw"` says.
///
/// `{"code": "server", "message": "503"}` decodes into `code` and `message`; any other JSON is kept in
/// `payload`. Its description is `server: 503` (or the payload's JSON).
public struct ScriptedError: Error, Decodable, Equatable, Sendable, CustomStringConvertible {
    /// The `"code"` member, when the payload is an object with a string `code`.
    public var code: String?
    /// The `"message"` member, when the payload is an object with a string `message`.
    public var message: String?
    /// The whole scripted payload.
    public var payload: JSONValue

    public init(from decoder: any Decoder) throws {
        payload = try JSONValue(from: decoder)
        code = payload["code"]?.stringValue
        message = payload["message"]?.stringValue
    }

    public var description: String {
        if code != nil || message != nil { return [code, message].compactMap { $0 }.joined(separator: ": ") }
        return JSONWriter(style: .spaced).string(payload)
    }
}
