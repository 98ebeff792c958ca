import ScenarioJSON

/// The answering core of ``ScriptedMock``: asks the engine for a call's answer and decodes it into the method's
/// types. A value type holding only sendable parts, so publisher-returning mocks can use it from a task.
struct MockResponder: Sendable {
    let engine: MockScriptEngine
    let scenario: Scenario

    /// A `Result` answer. A cancelled call returns `onCancel` if given, else its scripted answer at once; a
    /// cancelled call with nothing scripted (a `"never"`) cannot return and stalls (reported at the end).
    func result<Success, Failure: Error & Decodable>(
        _ call: MockCall, onCancel: Failure?, success: (JSONValue, JSONPointer) throws -> Success
    ) async -> Result<Success, Failure> {
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
            await stallUndecodable(call)
        }
    }

    /// A throwing answer: `"throw"` decodes into `Failure`; a cancelled call throws `CancellationError`.
    func value<Success, Failure: Error & Decodable>(
        _ call: MockCall, throwing: Failure.Type, success: (JSONValue, JSONPointer) throws -> Success
    ) async throws -> Success {
        let answer = await engine.answer(call)
        let decoded: Result<Success, any Error>
        do {
            switch answer {
            case .value(let value, let pointer):
                decoded = .success(try success(value, pointer))
            case .error(let value, let pointer):
                decoded = .failure(try decode(Failure.self, value, at: pointer))
            case .cancelled:
                decoded = .failure(CancellationError())
            }
        } catch {
            await stallUndecodable(call)
        }
        return try decoded.get()
    }

    /// Decodes a scripted body; a body that does not fit is reported as a located failure.
    func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, at pointer: JSONPointer) throws -> T {
        do {
            return try JSONValueDecoder().decode(type, from: scenario.document, at: pointer)
        } catch let error as JSONError {
            engine.reportDecodingFailure(error, expected: type)
            throw error
        }
    }

    private func stallUndecodable(_ call: MockCall) async -> Never {
        await engine.stall(
            call, reason: "its scripted response does not decode (reported above)",
            hint: "fix the scripted response so it decodes into the method's return type")
    }

    private static func answer(of response: MockResponse) -> MockAnswer? {
        switch response.outcome {
        case .value(let value): return .value(value, at: response.pointer.appending("return"))
        case .error(let value): return .error(value, at: response.pointer.appending("throw"))
        case .never, .stream: return nil
        }
    }
}
