import CombineCompat
import ExampleApp
import Foundation
import Rehearsal
import ScenarioJSON

/// `runner.overhead_vs_direct`: the harness's time per scenario ÷ the time of the same ViewModels doing the same
/// work driven by a hand-written loop in this process, with no harness (the ViewModel built, its state subscribed
/// and collected, the scenario's inputs sent in order).
///
/// The loop is written for the bundled scenarios whose ViewModel does its work synchronously (Counter): the others
/// hard-code `DispatchQueue.main`, `Task` and async repositories, which no hand-written loop can play in the same
/// physical work without a virtual clock (which is the harness). `runner.overhead_vs_direct.scenarios` says how many
/// bundled scenarios the ratio covers.
///
/// Both sides are timed in the calling thread's CPU time (a scenario plays on its thread, virtual time and all), so
/// the ratio does not move with the machine's load.
///
/// That the loop does the same physical work is checked before timing: for each scenario it sends as many inputs as
/// the harness's timeline records, and the states it collects are the timeline's state values, in order.
enum DirectBaseline {
    /// One scenario as the hand-written loop plays it.
    struct CounterScript {
        var initialCount: Int
        var actions: [CounterViewModel.Action]

        /// The loop: build, subscribe, send, cancel; returns the counts it saw.
        func play() -> [Int] {
            let viewModel = CounterViewModel(initialCount: initialCount)
            var seen: [Int] = []
            let subscription = viewModel.$state.sink { state in
                if case .count(let value) = state { seen.append(value) }
            }
            for action in actions { viewModel.action(action) }
            subscription.cancel()
            return seen
        }
    }

    static func run(scenarios: [Scenario], runner: ScenarioRunner) throws {
        let covered = scenarios.filter { $0.viewModel == "Counter" }
        let scripts = try covered.map { try checkedScript($0, runner: runner) }
        guard !covered.isEmpty else {
            throw RunnerBench.BenchError.invalid("Scenarios/counter", "no Counter scenarios")
        }
        let repeats = 2_000
        report("runner.overhead_vs_direct.scenarios", Double(covered.count), "scenarios", decimals: 0)
        compare(
            "runner.overhead_vs_direct", per: Double(repeats * covered.count),
            harness: {
                for _ in 0..<repeats { for scenario in covered { precondition(runner.run(scenario).succeeded) } }
            },
            direct: { for _ in 0..<repeats { for script in scripts { precondition(!script.play().isEmpty) } } })
        try perEvent(runner: runner)
    }

    /// `runner.overhead_vs_direct.per_event`: the same comparison on one Counter scenario of 1,000 taps, where the
    /// per-scenario setup (a virtual timeline, the recorder, the mock engine, the ports found) is spread over many
    /// events: what the harness costs per event (the input decoded, delivered, the state recorded as JSON on the
    /// virtual timeline) beside the ViewModel's own work for it.
    static func perEvent(runner: ScenarioRunner) throws {
        let taps = 1_000
        let steps = (0..<taps).map { index in
            #"{"wait": "10ms", "send": "\#(index % 3 == 2 ? "onTapSubtractButton" : "onTapAddButton")"}"#
        }
        let text = #"{"viewModel": "Counter", "steps": [\#(steps.joined(separator: ", "))]}"#
        let document = try JSONParser().parse(text, path: "counter-1000.json")
        let scenario = try ScenarioLoader().scenario(from: document, name: "counter-1000")
        let script = try checkedScript(scenario, runner: runner)
        guard script.actions.count == taps else {
            throw RunnerBench.BenchError.invalid(scenario.name, "the long Counter scenario does not send its taps")
        }
        compare(
            "runner.overhead_vs_direct.per_event", per: Double(20 * taps),
            harness: { for _ in 0..<20 { precondition(runner.run(scenario).succeeded) } },
            direct: { for _ in 0..<20 { precondition(!script.play().isEmpty) } })
    }

    /// The loop's script of a Counter scenario, checked to do the harness's work: it sends as many inputs as the
    /// harness's timeline records, and collects the timeline's state values, in order.
    static func checkedScript(_ scenario: Scenario, runner: ScenarioRunner) throws -> CounterScript {
        let script = try counterScript(scenario)
        let timeline = runner.run(scenario).timeline?.events ?? []
        let states = timeline.compactMap { event -> Int? in
            guard case .state(_, let value) = event.kind else { return nil }
            return value?["count"]?.integerValue.map(Int.init)
        }
        guard script.play() == states, script.actions.count == timeline.count(where: { $0.kind.label == .input })
        else {
            throw RunnerBench.BenchError.invalid(
                scenario.name, "the hand-written loop does not do the harness's work (states \(states))")
        }
        return script
    }

    /// Times `harness` and `direct` (best of five rounds each, alternated, in the thread's CPU time) and prints
    /// `<row>.harness_us` and `<row>.direct_us` (µs per one of `per` units of work) and `<row>`, their ratio.
    static func compare(_ row: String, per units: Double, harness: () -> Void, direct: () -> Void) {
        var harnessSeconds = Double.infinity
        var directSeconds = Double.infinity
        for _ in 0..<5 {
            harnessSeconds = min(harnessSeconds, measureThreadCPUSeconds(harness))
            directSeconds = min(directSeconds, measureThreadCPUSeconds(direct))
        }
        report("\(row).harness_us", harnessSeconds / units * 1e6, "us")
        report("\(row).direct_us", directSeconds / units * 1e6, "us", decimals: 3)
        report(row, harnessSeconds / directSeconds, "x")
    }

    /// The loop's script of a Counter scenario: its config's initial count and the actions its steps send.
    static func counterScript(_ scenario: Scenario) throws -> CounterScript {
        let actions = try scenario.steps.compactMap { step -> CounterViewModel.Action? in
            switch step.inputName {
            case nil: return nil
            case "onTapAddButton": return .onTapAddButton
            case "onTapSubtractButton": return .onTapSubtractButton
            case let other?: throw RunnerBench.BenchError.invalid(scenario.name, "unknown Counter input \(other)")
            }
        }
        return CounterScript(
            initialCount: scenario.config["initialCount"]?.integerValue.map(Int.init) ?? 0, actions: actions)
    }
}
