import ScenarioJSON

/// What a stream-returning scripted mock hands its consumer, in order.
enum StreamDelivery {
    /// The next element: the scripted value and where it is written.
    case element(JSONValue, at: JSONPointer)
    /// The stream fails with the scripted error.
    case failure(JSONValue, at: JSONPointer)
    /// The stream finishes.
    case finished
}

extension MockScriptEngine {
    /// Plays the answer to a started call of a method returning several values (an `AsyncStream`, an
    /// `AsyncThrowingStream`, a publisher), each element at its own virtual delay after the previous one.
    ///
    /// A `"stream"` response records `{"response": key, "index": i, "element": n}` per element (with
    /// `"throw": true` for a failing one) and `{"response": key, "index": i, "finished": true}` when it finishes; a
    /// `"return"` answer is one element and the end, recorded as one response. When the calling task is cancelled
    /// before the end, the call is recorded as `cancelled`. `deliver` returns `false` to stop early (an element did
    /// not decode; already reported).
    func play(_ started: StartedCall, deliver: (StreamDelivery) -> Bool) async {
        let call = started.call
        guard let response = started.response, case .stream(let elements) = response.outcome else {
            switch await answer(started) {
            case .value(let value, let pointer):
                if deliver(.element(value, at: pointer)) { _ = deliver(.finished) }
            case .error(let value, let pointer):
                _ = deliver(.failure(value, at: pointer))
            case .cancelled:
                break  // Recorded by `answer`.
            }
            return
        }
        for (number, element) in elements.enumerated() {
            let after =
                control?.latency(of: response, use: started.use, element: number, scripted: element.after)
                ?? element.after
            if after.nanoseconds > 0 {
                do {
                    try await timeline.clock.sleep(for: .nanoseconds(after.nanoseconds))
                } catch {
                    return recordCancelled(call, answering: started.seq)
                }
            } else if Task.isCancelled {
                return recordCancelled(call, answering: started.seq)
            }
            switch element.event {
            case .value(let value):
                recordResponse(call, index: started.index, element: number, answering: started.seq)
                guard deliver(.element(value, at: element.pointer.appending("yield"))) else { return }
            case .error(let value):
                recordResponse(call, index: started.index, element: number, isError: true, answering: started.seq)
                _ = deliver(.failure(value, at: element.pointer.appending("throw")))
                return
            case .finished:
                recordResponse(call, index: started.index, finished: true, answering: started.seq)
                _ = deliver(.finished)
                return
            case .never:
                await waitForCancellation(call: call.key)
                return recordCancelled(call, answering: started.seq)
            }
        }
        recordResponse(call, index: started.index, finished: true, answering: started.seq)
        _ = deliver(.finished)
    }
}
