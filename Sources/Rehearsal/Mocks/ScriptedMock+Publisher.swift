import CombineCompat
import ScenarioJSON
import VirtualTime

/// What a publisher's scripted `"throw"` (its value and place) becomes: the completion to send, or a value that carries
/// the error (a publisher of `Result`s), then the end; `nil` sends nothing.
enum ScriptedThrow<Element, Failure: Error> {
    case completion(Subscribers.Completion<Failure>)
    case element(Element)
}

typealias ScriptedFailure<Element, Failure: Error> =
    @Sendable (MockResponder, MockCall, JSONValue, JSONPointer) -> ScriptedThrow<Element, Failure>?

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
        publisher(call(arguments, function), decoding: Success.self) { responder, _, value, pointer in
            (try? responder.decode(Failure.self, value, at: pointer)).map { .completion(.failure($0)) }
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
        publisher(call(arguments, function), decoding: Success.self) { responder, call, value, pointer in
            guard Failure.self != Never.self else {
                responder.engine.reportUnfit(
                    call, at: pointer, "\(call.key) returns a publisher whose Failure is Never, which cannot fail",
                    hint: "end the stream with {\"finish\": true}, or give the publisher an Error type")
                return .completion(.finished)
            }
            return (try? responder.decode(Failure.self, value, at: pointer)).map { .completion(.failure($0)) }
        }
    }

    /// Answers a method returning a publisher of `Void` with a typed error (`AnyPublisher<Void, SyncError>`): each
    /// subscription makes the call; `"return"` (any value, `null` as well) publishes `()` and finishes, `"throw"`
    /// fails with the error decoded into `Failure`; a `"stream"` publishes `()` per element.
    ///
    /// ```swift
    /// func markAllRead() -> AnyPublisher<Void, SyncError> { respond() }
    /// ```
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., function: String = #function
    ) -> AnyPublisher<Void, Failure> where Failure: SendableMetatype {
        publisher(call(arguments, function), decoding: JSONValue.self, as: { _ in () }) {
            responder, _, value, pointer in
            (try? responder.decode(Failure.self, value, at: pointer)).map { .completion(.failure($0)) }
        }
    }

    /// Answers a method returning a publisher of `Void` with an untyped error (`AnyPublisher<Void, Error>`), as for a
    /// typed one; `"throw"` decodes into `throwing` (``ScriptedError`` by default).
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) -> AnyPublisher<Void, any Error> where Failure: SendableMetatype {
        publisher(call(arguments, function), decoding: JSONValue.self, as: { _ in () }) {
            responder, _, value, pointer in
            (try? responder.decode(Failure.self, value, at: pointer)).map { .completion(.failure($0)) }
        }
    }

    /// Answers a method returning a publisher that cannot fail and carries each result in its values
    /// (`AnyPublisher<Result<Int, CountError>, Never>`): `"return": {"success": 3}` publishes `.success(3)`,
    /// `"return": {"failure": …}` or `"throw": …` publishes `.failure` with the error decoded into `Failure`; the
    /// publisher then finishes (a `"stream"` publishes one result per element).
    ///
    /// ```swift
    /// func unreadCount() -> AnyPublisher<Result<Int, CountError>, Never> { respond() }
    /// ```
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., function: String = #function
    ) -> AnyPublisher<Result<Success, Failure>, Never> where Success: SendableMetatype, Failure: SendableMetatype {
        publisher(call(arguments, function), decoding: ScriptedResult<Success, Failure>.self, as: \.result) {
            responder, _, value, pointer in
            // A thrown error is the value's failure: the publisher itself cannot fail.
            (try? responder.decode(Failure.self, value, at: pointer)).map { .element(.failure($0)) }
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

    /// A publisher that makes `call` per subscription and plays its answer: each element decoded as `Scripted` and
    /// turned into the published value by `value`; `thrown` turns a scripted `"throw"` into what to send (`nil` when
    /// the body does not decode, which is reported, and nothing is sent).
    private func publisher<Scripted: Decodable, Output, Failure: Error>(
        _ call: MockCall, decoding scripted: Scripted.Type, as value: @escaping @Sendable (Scripted) -> Output,
        thrown: @escaping ScriptedFailure<Output, Failure>
    ) -> AnyPublisher<Output, Failure> where Scripted: SendableMetatype {
        let responder = self.responder
        let mockDelivery = delivery
        return Deferred {
            let subject = PassthroughSubject<Output, Failure>()
            // A subject is not Sendable, as in Combine; the task sends on the timeline's one thread.
            let sink = UncheckedSendable(subject)
            let callerIsMain = VirtualEventLoop.isOnMainThread
            let task = Task {
                // The call is recorded when the task runs, so a subscription that `switchToLatest` replaces shows
                // its cancellation before the next call. The task runs off the main thread, as a service's work
                // does; each delivery goes where the answer is delivered (see `MockDelivery`).
                let started = responder.engine.start(call)
                let onMain = (started.response?.delivery ?? mockDelivery).deliversOnMain(callerIsMain: callerIsMain)
                let timeline = responder.engine.timeline
                await responder.engine.play(started) { delivery in
                    switch delivery {
                    case .element(let json, let pointer):
                        guard let element = try? responder.decode(Scripted.self, json, at: pointer) else {
                            return false
                        }
                        MockDelivery.run(onMain: onMain, on: timeline) { sink.value.send(value(element)) }
                    case .failure(let json, let pointer):
                        switch thrown(responder, call, json, pointer) {
                        case .completion(let completion)?:
                            MockDelivery.run(onMain: onMain, on: timeline) { sink.value.send(completion: completion) }
                        case .element(let element)?:
                            MockDelivery.run(onMain: onMain, on: timeline) {
                                sink.value.send(element)
                                sink.value.send(completion: .finished)
                            }
                        case nil:
                            return false
                        }
                    case .finished:
                        MockDelivery.run(onMain: onMain, on: timeline) { sink.value.send(completion: .finished) }
                    }
                    return true
                }
            }
            return subject.handleEvents(receiveCancel: { task.cancel() })
        }
        .eraseToAnyPublisher()
    }

    /// ``publisher(_:decoding:as:thrown:)`` for a publisher of the scripted type itself.
    private func publisher<Success: Decodable, Failure: Error>(
        _ call: MockCall, decoding scripted: Success.Type, thrown: @escaping ScriptedFailure<Success, Failure>
    ) -> AnyPublisher<Success, Failure> where Success: SendableMetatype {
        publisher(call, decoding: scripted, as: { $0 }, thrown: thrown)
    }
}

/// A scripted answer for a value that carries a result (`Result<Success, Failure>`): `{"success": …}` or
/// `{"failure": …}`.
struct ScriptedResult<Success: Decodable, Failure: Error & Decodable>: Decodable {
    let result: Result<Success, Failure>

    private enum Key: String, CodingKey {
        case success, failure
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if container.contains(.success) {
            result = .success(try container.decode(Success.self, forKey: .success))
        } else if container.contains(.failure) {
            result = .failure(try container.decode(Failure.self, forKey: .failure))
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected {\"success\": …} or {\"failure\": …} for a Result, found neither"))
        }
    }
}
