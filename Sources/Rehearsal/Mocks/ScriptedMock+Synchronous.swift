import ScenarioJSON

/// Thrown by a synchronous throwing mock method whose call the script could not answer; the scenario reports why.
struct UnansweredCall: Error, CustomStringConvertible {
    /// `Type.method`.
    let key: String

    var description: String { "the script has no answer for \(key) (the scenario reports why)" }
}

extension ScriptedMock {
    /// Answers a synchronous method that returns a value (a cache, an in-memory store) at once from the script:
    /// `"return"` decodes into the return type.
    ///
    /// ```swift
    /// func cachedItems(category: String) -> [Item] { respond(category, otherwise: []) }
    /// ```
    /// The call and its response are recorded at the same instant. When the script cannot answer (no response
    /// left, a body that does not decode, a `"throw"`, `"never"` or `"stream"`, none of which a synchronous method
    /// can give), the scenario fails saying why and the method returns `fallback`, so the run goes on.
    public func respond<Success: Decodable>(
        _ arguments: Any?..., otherwise fallback: @autoclosure () -> Success, function: String = #function
    ) -> Success {
        let responder = self.responder
        let call = call(arguments, function)
        engine.discovery?.answersAtOnce(call.key, returning: Success.self)
        guard case .value(let value, let pointer)? = engine.answerNow(call, canThrow: false),
            let decoded = try? responder.decode(Success.self, value, at: pointer)
        else { return fallback() }
        return decoded
    }

    /// Answers a synchronous throwing method at once: `"return"` decodes into the return type, `"throw"` into
    /// `throwing` (``ScriptedError`` by default).
    ///
    /// ```swift
    /// func cachedUser(id: String) throws -> User { try respond(id) }
    /// ```
    /// When the script cannot answer, the scenario fails saying why and the method throws.
    public func respond<Success: Decodable, Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) throws -> Success {
        let call = call(arguments, function)
        engine.discovery?.answersAtOnce(call.key, returning: Success.self)
        return try answerNow(call, throwing: throwing) { value, pointer in
            try self.responder.decode(Success.self, value, at: pointer)
        }
    }

    /// Answers a synchronous throwing `Void` method at once; any `"return"` value is accepted.
    public func respond<Failure: Error & Decodable>(
        _ arguments: Any?..., throwing: Failure.Type = ScriptedError.self, function: String = #function
    ) throws {
        let call = call(arguments, function)
        engine.discovery?.answersAtOnce(call.key, returning: nil)
        try answerNow(call, throwing: throwing) { _, _ in () }
    }

    private func answerNow<Success, Failure: Error & Decodable>(
        _ call: MockCall, throwing: Failure.Type, success: (JSONValue, JSONPointer) throws -> Success
    ) throws -> Success {
        switch engine.answerNow(call, canThrow: true) {
        case .value(let value, let pointer)?:
            return try success(value, pointer)
        case .error(let value, let pointer)?:
            throw try responder.decode(Failure.self, value, at: pointer)
        case .cancelled?, nil:
            throw UnansweredCall(key: call.key)
        }
    }
}
