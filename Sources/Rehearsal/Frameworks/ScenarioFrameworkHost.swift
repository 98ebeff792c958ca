import Dispatch
import FrameworkSeam
import ScenarioJSON

/// The running scenario as the Linux stand-ins of Apple's frameworks see it (``FrameworkHost``): their calls are
/// mock calls of the scenario (`UIApplication.open`, `CLLocationManager.requestLocation`), recorded and answered by
/// the same engine as a team's scripted mocks, and their log lines are timeline events when the scenario asks for
/// them (`"recordLogs": true`).
///
/// ``ScenarioRun`` installs one for the length of a run (``FrameworkHosting/install(_:)``).
final class ScenarioFrameworkHost: FrameworkHost, @unchecked Sendable {
    private let engine: MockScriptEngine
    private let responder: MockResponder
    private let recorder: TimelineRecorder
    private let recordsLogs: Bool

    init(engine: MockScriptEngine, scenario: Scenario, recorder: TimelineRecorder) {
        self.engine = engine
        responder = MockResponder(engine: engine, scenario: scenario)
        self.recorder = recorder
        recordsLogs = scenario.recordsLogs
    }

    /// The names scenarios may script framework calls under, besides the mocks a factory creates.
    static let mockNames = FrameworkCall.Receiver.allCases.map(\.rawValue)

    func record(_ call: FrameworkCall) {
        engine.note(mockCall(call))
    }

    func answerNow<Value: Decodable>(_ call: FrameworkCall, as type: Value.Type) -> Value? {
        let call = mockCall(call)
        guard engine.scripts(call.key) else {
            engine.note(call)
            return nil
        }
        guard case .value(let value, let pointer)? = engine.answerNow(call, canThrow: false) else { return nil }
        return try? responder.decode(type, value, at: pointer)
    }

    func play<Value: Decodable & Sendable, Failure: Decodable & Sendable>(
        _ call: FrameworkCall, values: Value.Type, failures: Failure.Type,
        deliver: @escaping @MainActor @Sendable (FrameworkAnswer<Value, Failure>) -> Void
    ) -> FrameworkPlayback {
        let call = mockCall(call)
        let started = engine.start(call)
        guard started.response != nil else { return .none }  // Reported: nothing answers it.
        let responder = self.responder
        let task = Task {
            await responder.engine.play(started) { delivery in
                let answer: FrameworkAnswer<Value, Failure>
                switch delivery {
                case .element(let value, let pointer):
                    guard let decoded = try? responder.decode(Value.self, value, at: pointer) else { return false }
                    answer = .value(decoded)
                case .failure(let value, let pointer):
                    guard Failure.self != Never.self else {
                        responder.engine.reportUnfit(
                            call, at: pointer, "\(call.key) cannot fail: its answer is a value",
                            hint: "script \"return\": <value> for this method")
                        return false
                    }
                    guard let decoded = try? responder.decode(Failure.self, value, at: pointer) else { return false }
                    answer = .failure(decoded)
                case .finished:
                    answer = .finished
                }
                // The framework calls back on the main queue, at the answer's virtual instant.
                DispatchQueue.main.async { MainActor.assumeIsolated { deliver(answer) } }
                return true
            }
        }
        return FrameworkPlayback { task.cancel() }
    }

    func log(_ line: @autoclosure () -> FrameworkLogLine) {
        guard recordsLogs else { return }
        recordLog(line())
    }

    /// The one place a log line becomes a timeline event:
    /// `{"log": "info", "subsystem": "com.example", "category": "feed", "message": "loaded 3 items"}`.
    private func recordLog(_ line: FrameworkLogLine) {
        recorder.record(
            .log(
                level: line.level, subsystem: line.subsystem.isEmpty ? nil : line.subsystem,
                category: line.category.isEmpty ? nil : line.category, message: line.message))
    }

    private func mockCall(_ call: FrameworkCall) -> MockCall {
        MockCall(key: call.key, arguments: call.arguments.map { ($0.label, $0.value) }, encoding: recorder.encoding)
    }
}
