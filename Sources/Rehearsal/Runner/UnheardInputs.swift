import CombineCompat
import RehearsalBase
import ScenarioJSON

/// The sends that went nowhere in one run: each step that sent into an input nothing subscribed to at that moment
/// (a forgotten `bind()`, a missing `sink`), for the end-of-scenario check.
final class UnheardInputs: @unchecked Sendable {
    private let lock = _Lock()
    private var sends: [(step: Int, input: String)] = []
    /// Whether some send reached a listener (so the ViewModel is bound, one way or another).
    private var anyHeard = false
    /// Whether the catalog entry binds the ViewModel (for the hint).
    var entryBinds = true

    /// Notes that step `step` sent into `input`, which nothing listened to.
    func add(step: Int, input: String) {
        lock.withLock { sends.append((step, input)) }
    }

    /// Notes that a send reached at least one listener.
    func heard() {
        lock.withLock { anyHeard = true }
    }

    /// One finding per input nothing listened to, at the first step that sent into it; when every input the steps
    /// sent went nowhere, one finding for all of them (one forgotten `bind()` is one problem).
    func findings(_ scenario: Scenario) -> [Finding] {
        let sends = lock.withLock { self.sends }
        guard let first = sends.first else { return [] }
        var inputs: [String] = []
        for send in sends where !inputs.contains(send.input) { inputs.append(send.input) }
        let viewModel = scenario.viewModel
        // Every input the steps send (asked only when some send went nowhere).
        if inputs.count > 1, Set(inputs) == Set(scenario.steps.compactMap(\.inputName)) {
            let list = inputs.map { "'\($0)'" }.joined(separator: ", ")
            return [
                finding(
                    scenario, step: first.step,
                    "nothing subscribes to any input of ViewModel '\(viewModel)' that the steps send (\(list)): "
                        + "\(sends.count) sends went nowhere, the first at step \(first.step)",
                    inputs: inputs)
            ]
        }
        return inputs.map { input in
            let steps = sends.filter { $0.input == input }.map(\.step)
            let more = steps.count > 1 ? " (and \(steps.count - 1) more send\(steps.count == 2 ? "" : "s"))" : ""
            return finding(
                scenario, step: steps[0],
                "nothing subscribes to input '\(input)' of ViewModel '\(viewModel)' when step \(steps[0]) sends it: "
                    + "the value went nowhere\(more)",
                inputs: [input])
        }
    }

    private func finding(_ scenario: Scenario, step: Int, _ message: String, inputs: [String]) -> Finding {
        let bound = entryBinds || lock.withLock { anyHeard }
        let what =
            inputs.count == 1 ? "the input where the ViewModel binds it" : "the inputs where the ViewModel binds them"
        let hint =
            bound
            ? "subscribe to \(what) (a missing sink, or a subscription cancelled or finished before the step)"
            : "bind the ViewModel in the catalog, e.g. ViewModelEntry(\"\(scenario.viewModel)\") { … }.bind { "
                + "$0.bind() } (the runner binds only a ViewModelKit.BaseViewModel by itself; a class of your own "
                + "named BaseViewModel is not one)"
        return Finding(
            .endCheck, scenario.diagnostic(atStep: step, message, hint: hint), step: scenario.stepReference(step))
    }
}
