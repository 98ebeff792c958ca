import ScenarioJSON

extension ScriptedMock {
    /// Answers a method returning an `AsyncStream`: a `"stream"` response yields each `"yield"` element at its own
    /// `after` (after the previous element) and finishes after the last one, or with `"finish": true`, or stays
    /// open with `"never": true`; a `"return"` answer yields one element and finishes.
    ///
    /// ```swift
    /// func prices(symbol: String) -> AsyncStream<Price> { respond(symbol) }
    /// ```
    /// The call is recorded when the method is called. When the consumer stops (its task is cancelled) before
    /// the end, the call is recorded as `cancelled`. An `AsyncStream` cannot fail: a `"throw"` is reported and the
    /// stream finishes.
    public func respond<Element: Decodable>(
        _ arguments: Any?..., function: String = #function
    ) -> AsyncStream<Element> where Element: SendableMetatype {
        let call = call(arguments, function)
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let sink = UncheckedSendable(continuation)
        let responder = self.responder
        let started = engine.start(call)
        let task = Task {
            await responder.engine.play(started) { delivery in
                switch delivery {
                case .element(let value, let pointer):
                    guard let element = try? responder.decode(Element.self, value, at: pointer) else {
                        sink.value.finish()
                        return false
                    }
                    sink.value.yield(UncheckedSendable(element).sent())
                case .failure(_, let pointer):
                    responder.engine.reportUnfit(
                        call, at: pointer, "\(call.key) returns an AsyncStream, which cannot fail",
                        hint: "end the stream with {\"finish\": true}, or return an AsyncThrowingStream")
                    sink.value.finish()
                case .finished:
                    sink.value.finish()
                }
                return true
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }

    /// Answers a method returning an `AsyncThrowingStream`, as for `AsyncStream`; a `"throw"` (a response's, or a
    /// stream's last element) fails the stream with the error decoded into `throwing` (``ScriptedError`` by
    /// default).
    ///
    /// ```swift
    /// func messages(room: String) -> AsyncThrowingStream<Message, Error> { respond(room) }
    /// ```
    public func respond<Element: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) -> AsyncThrowingStream<Element, any Error> where Element: SendableMetatype, Failure: SendableMetatype {
        let call = call(arguments, function)
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let sink = UncheckedSendable(continuation)
        let responder = self.responder
        let started = engine.start(call)
        let task = Task {
            await responder.engine.play(started) { delivery in
                switch delivery {
                case .element(let value, let pointer):
                    guard let element = try? responder.decode(Element.self, value, at: pointer) else {
                        sink.value.finish()
                        return false
                    }
                    sink.value.yield(UncheckedSendable(element).sent())
                case .failure(let value, let pointer):
                    guard let error = try? responder.decode(Failure.self, value, at: pointer) else {
                        sink.value.finish()
                        return false
                    }
                    sink.value.finish(throwing: error)
                case .finished:
                    sink.value.finish()
                }
                return true
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return stream
    }
}
