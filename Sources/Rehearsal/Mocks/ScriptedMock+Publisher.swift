import CombineCompat
import ScenarioJSON

/// Turns a publisher's scripted `"throw"` (its value and place) into the completion to send; `nil` sends nothing.
typealias ScriptedFailure<Failure: Error> =
    @Sendable (MockResponder, MockCall, JSONValue, JSONPointer) -> Subscribers.Completion<Failure>?

extension ScriptedMock {
    /// Answers a method returning a publisher with an untyped error (`AnyPublisher<Page, Error>`): each
    /// subscription makes the call, publishes the scripted value and finishes, or fails with `"throw"` decoded into
    /// `throwing` (``ScriptedError`` by default); a `"stream"` publishes each element at its own `after`. Cancelling
    /// the subscription cancels the call (recorded as `cancelled`).
    ///
    /// ```swift
    /// func fetchPage(cursor: String?) -> AnyPublisher<Page, Error> { respond(cursor) }
    /// ```
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) -> AnyPublisher<Success, any Error> where Success: SendableMetatype, Failure: SendableMetatype {
        publisher(call(arguments, function)) { responder, _, value, pointer in
            (try? responder.decode(Failure.self, value, at: pointer)).map { .failure($0) }
        }
    }

    /// Answers a method returning a publisher with a typed error (`AnyPublisher<[Repo], SearchError>`), as for an
    /// untyped one; `"throw"` decodes into the publisher's own `Failure`. A publisher that cannot fail
    /// (`AnyPublisher<Price, Never>`) reports a `"throw"` and finishes.
    ///
    /// ```swift
    /// func searchRepositories(query: String, page: Int) -> AnyPublisher<[Repo], SearchError> { respond(query, page) }
    /// ```
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., function: String = #function
    ) -> AnyPublisher<Success, Failure> where Success: SendableMetatype, Failure: SendableMetatype {
        publisher(call(arguments, function)) { responder, call, value, pointer in
            guard Failure.self != Never.self else {
                responder.engine.reportUnfit(
                    call, at: pointer, "\(call.key) returns a publisher whose Failure is Never, which cannot fail",
                    hint: "end the stream with {\"finish\": true}, or give the publisher an Error type")
                return .finished
            }
            return (try? responder.decode(Failure.self, value, at: pointer)).map { .failure($0) }
        }
    }

    /// Answers a method returning a `Future` (`Future<User, APIError>`): the call is recorded when the method is
    /// called, and the future is fulfilled at the answer's virtual time with `"return"` decoded into `Success` or
    /// `"throw"` into `Failure`. A `"never"` answer never fulfils it; a `"throw"` for a `Future<T, Never>` is reported
    /// and never fulfils it either.
    ///
    /// ```swift
    /// func fetchUser(id: String) -> Future<User, APIError> { respond(id) }
    /// ```
    /// A `Future` does its work once, when it is made, whoever subscribes: cancelling a subscription does not
    /// cancel the call. For a call per subscription, return `AnyPublisher` (or wrap the call in `Deferred`).
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., function: String = #function
    ) -> Future<Success, Failure> where Success: SendableMetatype, Failure: SendableMetatype {
        let call = call(arguments, function)
        return Future { promise in self.answerLater(call, throwing: Failure.self, deliver: promise) }
    }

    /// A publisher that makes `call` per subscription and plays its answer; `failure` turns a scripted `"throw"`
    /// into the completion to send (`nil` when the body does not decode, which is reported, and nothing is sent).
    private func publisher<Success: Decodable, Failure: Error>(
        _ call: MockCall,
        failure: @escaping ScriptedFailure<Failure>
    ) -> AnyPublisher<Success, Failure> where Success: SendableMetatype {
        let responder = self.responder
        return Deferred {
            let subject = PassthroughSubject<Success, Failure>()
            // A subject is not Sendable, as in Combine; the task sends on the timeline's one thread.
            let sink = UncheckedSendable(subject)
            let task = Task {
                // The call is recorded when the task runs, so a subscription that `switchToLatest` replaces shows
                // its cancellation before the next call.
                await responder.engine.play(responder.engine.start(call)) { delivery in
                    switch delivery {
                    case .element(let value, let pointer):
                        guard let element = try? responder.decode(Success.self, value, at: pointer) else {
                            return false
                        }
                        sink.value.send(element)
                    case .failure(let value, let pointer):
                        guard let completion = failure(responder, call, value, pointer) else { return false }
                        sink.value.send(completion: completion)
                    case .finished:
                        sink.value.send(completion: .finished)
                    }
                    return true
                }
            }
            return subject.handleEvents(receiveCancel: { task.cancel() })
        }
        .eraseToAnyPublisher()
    }
}
