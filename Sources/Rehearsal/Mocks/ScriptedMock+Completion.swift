import ScenarioJSON
import VirtualTime

extension ScriptedMock {
    /// Answers a method that takes a completion handler (seed 004's callback style): the call is recorded when it
    /// is made, and `completion` is called at the answer's virtual time with `"return"` decoded into `Success`
    /// or `"throw"` into `Failure`.
    ///
    /// ```swift
    /// func fetchUser(id: String, completion: @escaping (Result<User, APIError>) -> Void) {
    ///     respond(id, completion: completion)
    /// }
    /// ```
    /// A `"never"` answer never calls `completion` (it is released, so nothing waits for it). Pass the arguments
    /// before the completion, in the order of the signature.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., completion: @escaping (Result<Success, Failure>) -> Void, function: String = #function
    ) where Success: SendableMetatype, Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: Failure.self, deliver: completion)
    }

    /// Answers a method whose completion takes `Result<Success, Error>`: `"throw"` decodes into `throwing`
    /// (``ScriptedError`` by default).
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self,
        completion: @escaping (Result<Success, any Error>) -> Void, function: String = #function
    ) where Success: SendableMetatype, Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: throwing) { completion($0.mapError { $0 }) }
    }

    /// Answers a `Void` method whose completion takes `Result<Void, Failure>` (`delete(id:completion:)`): `"return"`
    /// (any value, `null` as well) calls it with `.success(())`, `"throw"` with the error decoded into `Failure`.
    ///
    /// ```swift
    /// func delete(id: Int, completion: @escaping (Result<Void, APIError>) -> Void) { respond(id, completion: completion) }
    /// ```
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., completion: @escaping (Result<Void, Failure>) -> Void, function: String = #function
    ) where Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: Failure.self) { (outcome: Result<JSONValue, Failure>) in
            completion(outcome.map { _ in () })
        }
    }

    /// Answers a `Void` method whose completion takes `Result<Void, Error>` (`archive(_:completion:)`): `"return"`
    /// (any value) calls it with `.success(())`, `"throw"` with the error decoded into `throwing` (``ScriptedError`` by
    /// default).
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self,
        completion: @escaping (Result<Void, any Error>) -> Void, function: String = #function
    ) where Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: throwing) { (outcome: Result<JSONValue, Failure>) in
            completion(outcome.map { _ in () }.mapError { $0 })
        }
    }

    /// Answers a method whose completion takes an optional value (`nil` on failure, as in seed 004's
    /// `getRandomPerson(url:completion:)`): `"throw"` calls it with `nil`.
    public func respond<Success: Decodable>(
        _ arguments: Any?..., completion: @escaping (Success?) -> Void, function: String = #function
    ) where Success: SendableMetatype {
        answerLater(call(arguments, function), throwing: ScriptedError.self) { (outcome: Result<Success, _>) in
            completion(try? outcome.get())
        }
    }

    /// Answers a method whose completion takes a value or an error (`URLSession`'s style): `"return"` calls it
    /// with `(value, nil)`, `"throw"` with `(nil, error)` decoded into `throwing`.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self,
        completion: @escaping (Success?, (any Error)?) -> Void, function: String = #function
    ) where Success: SendableMetatype, Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: throwing) { (outcome: Result<Success, Failure>) in
            switch outcome {
            case .success(let value): completion(value, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Answers a `Void` method whose completion takes an optional error (`save(completion: (Error?) -> Void)`):
    /// `"return"` (any value) calls it with `nil`, `"throw"` with the error decoded into `throwing`.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self,
        completion: @escaping ((any Error)?) -> Void, function: String = #function
    ) where Failure: SendableMetatype {
        answerLater(call(arguments, function), throwing: throwing) { (outcome: Result<JSONValue, Failure>) in
            if case .failure(let error) = outcome { completion(error) } else { completion(nil) }
        }
    }

    /// Records the call now and, unless its answer never comes, delivers the decoded answer at its virtual time
    /// from a task on the timeline. An answer that does not decode is reported and not delivered.
    func answerLater<Success: Decodable, Failure: Error & Decodable>(
        _ call: MockCall, throwing: Failure.Type, deliver: @escaping (Result<Success, Failure>) -> Void
    ) where Success: SendableMetatype, Failure: SendableMetatype {
        let started = engine.start(call)
        guard let response = started.response else { return }  // Reported: no response left.
        switch response.outcome {
        case .never:
            return
        case .stream:
            engine.reportUnfit(
                call, at: response.pointer.appending("stream"),
                "\(call.key) answers once through its completion handler, so it cannot play a 'stream'",
                hint: "script \"return\": <value> for this method")
            return
        case .value, .error:
            break
        }
        let responder = self.responder
        let delivery = UncheckedSendable(deliver)
        let onMain = (response.delivery ?? self.delivery).deliversOnMain(callerIsMain: VirtualEventLoop.isOnMainThread)
        let timeline = engine.timeline
        // The answer's task runs off the main thread, as a service's work does; the completion is called where the
        // answer is delivered (see `MockDelivery`).
        Task {
            let outcome: Result<Success, Failure>
            switch await responder.engine.answer(started) {
            case .value(let value, let pointer):
                guard let decoded = try? responder.decode(Success.self, value, at: pointer) else { return }
                outcome = .success(decoded)
            case .error(let value, let pointer):
                guard Failure.self != Never.self else {
                    // `Future<T, Never>`, `(Result<T, Never>) -> Void`: nothing to fail with.
                    responder.engine.reportUnfit(
                        call, at: pointer, "\(call.key) cannot fail: its Failure is Never",
                        hint: "script \"return\": <value> for this method")
                    return
                }
                guard let decoded = try? responder.decode(Failure.self, value, at: pointer) else { return }
                outcome = .failure(decoded)
            case .cancelled:
                return
            }
            let answer = UncheckedSendable(outcome)
            MockDelivery.run(onMain: onMain, on: timeline) { delivery.value(answer.value) }
        }
    }
}

/// A value handed across a task boundary that the timeline runs on one thread, one job at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }

    /// The value, handed on as if nothing else referred to it (a freshly decoded scripted answer).
    func sent() -> sending Value {
        nonisolated(unsafe) let value = value
        return value
    }
}
