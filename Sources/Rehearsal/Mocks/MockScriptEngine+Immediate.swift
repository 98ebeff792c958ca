import ScenarioJSON

extension MockScriptEngine {
    /// Answers a call of a synchronous method at once: records the call and its response at this instant, or
    /// returns `nil` when the script cannot answer it (no response left, `"never"`, a `"stream"`, or a `"throw"`
    /// for a method that cannot throw), after reporting why at the scripted value.
    ///
    /// A synchronous method cannot wait, so an `after` is reported and the answer is given at once anyway.
    func answerNow(_ call: MockCall, canThrow: Bool) -> MockAnswer? {
        let started = start(call)
        guard let response = started.response else { return nil }
        let hint = "make the method async, or script \"return\": <value>"
        if response.after.nanoseconds > 0 {
            reportUnfit(
                call, at: response.pointer.appending("after"),
                "\(call.key) is synchronous and answers at once, so 'after' cannot delay it",
                hint: "remove \"after\", or make the method async")
        }
        switch response.outcome {
        case .value(let value):
            recordResponse(call, index: started.index, answering: started.seq)
            return .value(value, at: response.pointer.appending("return"))
        case .error(let value):
            guard canThrow else {
                reportUnfit(
                    call, at: response.pointer.appending("throw"), "\(call.key) cannot throw",
                    hint: "script \"return\": <value>, or make the method throw")
                return nil
            }
            recordResponse(call, index: started.index, isError: true, answering: started.seq)
            return .error(value, at: response.pointer.appending("throw"))
        case .never:
            reportUnfit(
                call, at: response.pointer.appending("never"),
                "\(call.key) is synchronous and cannot wait for an answer that never comes", hint: hint)
            return nil
        case .stream:
            reportUnfit(
                call, at: response.pointer.appending("stream"),
                "\(call.key) is synchronous and returns one value, so it cannot play a 'stream'", hint: hint)
            return nil
        }
    }
}
