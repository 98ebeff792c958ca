import CombineCompat
import ExampleApp
import Foundation
import Rehearsal
import ScenarioJSON

/// `runner.overhead_vs_direct`: the harness's time per scenario ÷ the time of the same ViewModels doing the same
/// work driven by a hand-written loop in this process, with no harness (the ViewModel built with hand-written
/// collaborators, its outputs subscribed and collected, the scenario's inputs sent in order at their instants, the
/// mocks' answers given after their latencies).
///
/// The loops are written for two bundled ViewModels: Counter, which works synchronously, and Login, which debounces
/// on `DispatchQueue.main`, starts a `Task` and awaits an async service. A ViewModel that waits needs a clock, and
/// the Login loop uses the package's virtual clock for it (a `VirtualEventLoop`, as a hand-written test uses a test
/// scheduler): its hand-written service sleeps with `Task.sleep` for the scripted latency. Nothing else of the
/// harness is in a loop: no scenario file, catalog, mock engine, recorder, reflection or end checks.
/// `runner.overhead_vs_direct.scenarios` says how many bundled scenarios the ratio covers, and
/// `runner.overhead_vs_direct.counter` and `.login` give the ratio of each ViewModel's scenarios.
///
/// Both sides are timed in the calling thread's CPU time (a scenario plays on its thread, virtual time and all), so
/// the ratio does not move with the machine's load.
///
/// That a loop does the same physical work is checked before timing: each sends as many inputs as the harness's
/// timeline records; Counter's collects the timeline's state values, in order, and Login's sees what the timeline
/// records (every output with its value, the route and its end, the service's calls with their arguments) at the
/// same virtual instants.
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

    /// One bundled scenario and its hand-written loop, which returns how much it saw.
    struct Covered {
        var scenario: Scenario
        var play: () -> Int
    }

    static func run(scenarios: [Scenario], runner: ScenarioRunner) throws {
        let counter = try scenarios.filter { $0.viewModel == "Counter" }.map { scenario in
            let script = try checkedScript(scenario, runner: runner)
            return Covered(scenario: scenario) { script.play().count }
        }
        let login = try scenarios.filter { $0.viewModel == "Login" }.map { scenario in
            let script = try LoginScript.checked(scenario, runner: runner)
            return Covered(scenario: scenario) { script.play().count }
        }
        guard !counter.isEmpty, !login.isEmpty else {
            throw RunnerBench.BenchError.invalid("Scenarios/counter, Scenarios/login", "no Counter or Login scenarios")
        }
        report("runner.overhead_vs_direct.scenarios", Double(counter.count + login.count), "scenarios", decimals: 0)
        let counterCost = compare("runner.overhead_vs_direct.counter", counter, runner: runner, repeats: 2_000)
        let loginCost = compare("runner.overhead_vs_direct.login", login, runner: runner, repeats: 500)
        // The covered scenarios together: each ViewModel's µs per scenario, weighted by its number of scenarios.
        let harness = counterCost.harness * Double(counter.count) + loginCost.harness * Double(login.count)
        let direct = counterCost.direct * Double(counter.count) + loginCost.direct * Double(login.count)
        let count = Double(counter.count + login.count)
        report("runner.overhead_vs_direct.harness_us", harness / count, "us")
        report("runner.overhead_vs_direct.direct_us", direct / count, "us", decimals: 3)
        report("runner.overhead_vs_direct", harness / direct, "x")
        try perEvent(runner: runner)
    }

    /// Compares the harness's runs of the `covered` scenarios with their loops, `repeats` times over; returns the µs
    /// per scenario of each side.
    @discardableResult
    static func compare(
        _ row: String, _ covered: [Covered], runner: ScenarioRunner, repeats: Int
    ) -> (harness: Double, direct: Double) {
        compare(
            row, per: Double(repeats * covered.count),
            harness: {
                for _ in 0..<repeats { for entry in covered { precondition(runner.run(entry.scenario).succeeded) } }
            },
            direct: { for _ in 0..<repeats { for entry in covered { precondition(entry.play() > 0) } } })
    }

    /// `runner.overhead_vs_direct.per_event`: the same comparison on one Counter scenario of 1,000 taps, where the
    /// per-scenario setup (a virtual timeline, the recorder, the mock engine, the ports found) is spread over many
    /// events: what the harness costs per event (the input delivered, the state recorded as JSON on the virtual
    /// timeline) beside the ViewModel's own work for it.
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
    /// `<row>.harness_us` and `<row>.direct_us` (µs per one of `per` units of work) and `<row>`, their ratio; returns
    /// the two µs figures.
    @discardableResult
    static func compare(
        _ row: String, per units: Double, harness: () -> Void, direct: () -> Void
    ) -> (harness: Double, direct: Double) {
        var harnessSeconds = Double.infinity
        var directSeconds = Double.infinity
        for _ in 0..<5 {
            harnessSeconds = min(harnessSeconds, measureThreadCPUSeconds(harness))
            directSeconds = min(directSeconds, measureThreadCPUSeconds(direct))
        }
        let micros = (harness: harnessSeconds / units * 1e6, direct: directSeconds / units * 1e6)
        report("\(row).harness_us", micros.harness, "us")
        report("\(row).direct_us", micros.direct, "us", decimals: 3)
        report(row, harnessSeconds / directSeconds, "x")
        return micros
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
