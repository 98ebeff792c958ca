import CombineCompat
import RehearsalBase
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
///   the failure type. `Result<Void, E>` and `Result<Void, Error>` take any `"return"`, `null` too.
/// - `throws` methods: `try await respond(...)`; `"throw"` decodes into ``ScriptedError`` unless `throwing:`
///   names the error type. `Void` methods use the overload without a result.
/// - Synchronous methods: `respond(..., otherwise: fallback)` returns the scripted value at once (`try respond(...)`
///   when the method throws); synchronous `Void` methods (loggers) use `record(...)`, which only records the call.
/// - Completion handlers: `respond(..., completion: completion)` calls it at the answer's virtual time
///   (`Result<Void, E>` completions take any `"return"`, `null` too).
/// - Where later answers arrive: where the call was made (the main thread for ViewModel code), unless the mock's
///   ``delivery`` or a response's `"deliver"` says `main` or `background` (see ``MockDelivery``).
/// - Overloads: a key may name the full method (`DateProvider.transform(date:)`) to tell overloads apart.
/// - `AsyncStream`, `AsyncThrowingStream` and publishers (`AnyPublisher<T, Error>`, `AnyPublisher<T, E>` with a
///   typed `E`, `AnyPublisher<T, Never>`, `AnyPublisher<Void, E>`, `AnyPublisher<Result<T, E>, Never>`,
///   `Future<T, E>`): `respond(...)`; a `"stream"` response yields each element at its own `after`.
/// - Cancellation: when the calling task is cancelled while the response is pending, the call is recorded as
///   `cancelled`; a throwing method throws `CancellationError`, a `Result` method returns `onCancel` if given,
///   else the scripted answer right away (a `"never"` response then keeps waiting, and the end-of-scenario check
///   reports the task).
open class ScriptedMock {
    /// The name calls are keyed by (`StoreRepository`).
    public let mockName: String
    /// Where answers that come later (publishers, completion handlers, futures) are delivered, unless a scripted
    /// response says `"deliver"`: by default where the call was made.
    public let delivery: MockDelivery
    let engine: MockScriptEngine
    let scenario: Scenario

    /// Creates a mock bound to the running scenario; `name` defaults to the class name without `Mock`. The context
    /// keeps the mock alive until the scenario ends, so a ViewModel may hold it weakly (a `weak var navigator`).
    public init(_ context: ScenarioContext, name: String? = nil, delivery: MockDelivery = .caller) {
        mockName = name ?? Self.defaultName(of: type(of: self))
        self.delivery = delivery
        engine = context.mockEngine
        scenario = context.scenario
        engine.registerMock(named: mockName)
        engine.registerMockClass(type(of: self))
        context.keep(self)
    }

    static func defaultName(of type: Any.Type) -> String {
        defaultNames.value(for: type) {
            var name = _typeName(type, qualified: false)
            for affix in ["Mock", "Stub", "Fake", "Scripted"] {
                if name.hasSuffix(affix), name.count > affix.count { name.removeLast(affix.count); break }
                if name.hasPrefix(affix), name.count > affix.count { name.removeFirst(affix.count); break }
            }
            return name
        }
    }

    /// Each mock class's default name, found once (every run makes its mocks again).
    private static let defaultNames = TypeMemo<String>()

    // MARK: Result-returning methods

    /// Answers a `Result`-returning method from the script.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., onCancel: Failure? = nil, function: String = #function
    ) async -> Result<Success, Failure> {
        let responder = self.responder
        return await responder.result(call(arguments, function), onCancel: onCancel) { value, pointer in
            try responder.decode(Success.self, value, at: pointer)
        }
    }

    /// Answers a `Result<Void, Failure>`-returning method from the script; any `"return"` value is accepted.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., onCancel: Failure? = nil, function: String = #function
    ) async -> Result<Void, Failure> {
        await responder.result(call(arguments, function), onCancel: onCancel) { _, _ in () }
    }

    /// Answers a method returning `Result<Success, Error>` (an untyped error): `"throw"` decodes into `throwing`
    /// (``ScriptedError`` by default), and a call cancelled while waiting returns `.failure(CancellationError())`.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async -> Result<Success, any Error> {
        let responder = self.responder
        do {
            return .success(
                try await responder.value(call(arguments, function), throwing: throwing) { value, pointer in
                    try responder.decode(Success.self, value, at: pointer)
                })
        } catch {
            return .failure(error)
        }
    }

    /// Answers a method returning `Result<Void, Error>` (an untyped error): any `"return"` value (`null` too) is
    /// `.success(())`, `"throw"` decodes into `throwing` (``ScriptedError`` by default), and a call cancelled while
    /// waiting returns `.failure(CancellationError())`. (Disfavoured, so that `try await respond(id)` in a throwing
    /// `Void` method, whose result nobody reads, stays the throwing overload.)
    @_disfavoredOverload
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async -> Result<Void, any Error> {
        do {
            try await responder.value(call(arguments, function), throwing: throwing) { _, _ in () }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    // MARK: Throwing methods

    /// Answers a throwing method from the script; `"throw"` decodes into `throwing` (``ScriptedError`` by default).
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async throws -> Success {
        let responder = self.responder
        return try await responder.value(call(arguments, function), throwing: throwing) { value, pointer in
            try responder.decode(Success.self, value, at: pointer)
        }
    }

    /// Answers a throwing `Void` method from the script; any `"return"` value is accepted.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) async throws {
        try await responder.value(call(arguments, function), throwing: throwing) { _, _ in () }
    }

    // MARK: Synchronous methods

    /// Records a call of a synchronous `Void` method (an analytics logger, a tracker); no response is used.
    public func record(_ arguments: Any?..., function: String = #function) {
        engine.note(call(arguments, function))
    }

    // MARK: Helpers

    var responder: MockResponder { MockResponder(engine: engine, scenario: scenario) }

    func call(_ arguments: [Any?], _ function: String) -> MockCall {
        var call = MockCall(mock: mockName, function: function, values: arguments, encoding: ValueEncoding())
        call.key = engine.scriptKey(for: call)
        return call
    }
}
