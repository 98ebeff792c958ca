import ScenarioJSON
import VirtualTime

/// Explores the schedules of scenarios: runs each scenario in the default order, then in other orders of the work
/// due at the same virtual instant, with other latencies inside each response's jitter window, and with steps
/// delivered before same-instant work, checking every run for findings (end checks, mock errors, properties) and,
/// when the scenario asks, its golden up to the order of same-instant events.
///
/// ```swift
/// let explorer = Explorer(runner: ScenarioRunner(catalog: catalog), options: ExploreOptions())
/// let outcome = explorer.explore(file: "Scenarios/search/responses-cross.json")
/// outcome.exploration?.statement   // "schedule 7 fails (exhaustive (bound 2), after 6 passed)"
/// outcome.exploration?.shrunkPath  // "Scenarios/search/responses-cross.race-1.json"
/// ```
/// A failing schedule is first reduced to the fewest choices that still fail (its replay token), then shrunk into a
/// scenario with fixed latencies written beside the original (see ``Shrinker``).
package struct Explorer {
    /// Runs each schedule (its catalog, loader and limits).
    package var runner: ScenarioRunner
    /// How schedules are chosen.
    package var options: ExploreOptions
    /// Sees each schedule before it runs: its number (1 is the default order) and the token that replays it.
    package var onSchedule: ((Int, ScheduleToken) -> Void)?

    /// Creates an explorer.
    package init(runner: ScenarioRunner, options: ExploreOptions) {
        self.runner = runner
        self.options = options
    }

    /// Where goldens live (the loader's root).
    var store: GoldenStore { GoldenStore(root: runner.loader.root) }

    /// Explores the scenario file at `path` (relative to the loader's root).
    package func explore(file path: String) -> ScenarioOutcome {
        explore(file: PathName(path))
    }

    /// Explores the scenario file at `path`, named by its bytes.
    package func explore(file path: PathName) -> ScenarioOutcome {
        let name = ScenarioLoader.name(of: path, scenariosFolder: runner.loader.scenariosFolder)
        do {
            return explore(try runner.loader.load(path), path: path)
        } catch {
            return runner.failedToLoad(error, name: name, path: path)
        }
    }

    /// Explores a loaded scenario.
    package func explore(_ scenario: Scenario, path: PathName) -> ScenarioOutcome {
        var outcome = search(scenario, path: path)
        outcome.exploration?.advice = runner.advice
        return outcome
    }

    private func search(_ scenario: Scenario, path: PathName) -> ScenarioOutcome {
        let context = ExplorationContext(explorer: self, scenario: scenario, path: path)
        if let issue = scenario.knownIssue {
            var outcome = ScenarioOutcome(name: scenario.name, path: path, status: .passed, scenario: scenario)
            outcome.exploration = ExplorationSummary(search: .knownIssue(issue), schedules: 0)
            return outcome
        }
        if let replay = options.replay { return context.replay(replay) }
        let fingerprint = scenario.fingerprint
        if let own = scenario.schedule, case .choices(let deviations) = own.plan, own.fingerprint == fingerprint {
            // A scenario that plays a schedule of its own (a shrunk race): that schedule is what `run` checks.
            onSchedule?(1, own)
            let played = context.play(ReplaySource(deviations: deviations))
            if played.failing { return context.failure(played, number: 1, baseline: played, own: true) }
        }
        onSchedule?(1, ScheduleToken(fingerprint: fingerprint, plan: .choices([])))
        let first = context.play(DefaultSource())
        if first.outcome.findings.contains(where: { $0.kind == .invalid }) { return first.outcome }
        if first.failing { return context.failure(first, number: 1, baseline: first) }
        switch options.strategy {
        case .random(let seed), .pct(let seed, _):
            for index in 1..<max(options.limit, 1) {
                let plan = ScheduleToken.Plan.generated(generatedStrategy, seed: seed, index: index)
                onSchedule?(index + 1, ScheduleToken(fingerprint: fingerprint, plan: plan))
                let run = context.play(context.source(for: plan, steps: first.driver.orderChoiceCount))
                if run.failing { return context.failure(run, number: index + 1, baseline: first) }
            }
            return context.passed(first, schedules: max(options.limit, 1), exhausted: false)
        case .exhaustive(let bound):
            var trace = first.driver.trace
            var number = 1
            while let prefix = Self.nextPrefix(after: trace, bound: bound) {
                guard number < options.limit else {
                    return context.passed(first, schedules: number, exhausted: false)
                }
                number += 1
                let plan = ScheduleToken.Plan.choices(prefix)
                onSchedule?(number, ScheduleToken(fingerprint: fingerprint, plan: plan))
                let run = context.play(ReplaySource(deviations: prefix))
                if run.failing { return context.failure(run, number: number, baseline: first) }
                trace = run.driver.trace
            }
            return context.passed(first, schedules: number, exhausted: true)
        }
    }

    private var generatedStrategy: ScheduleToken.GeneratedStrategy {
        if case .pct(_, let depth) = options.strategy { return .pct(depth: depth) }
        return .random
    }

    /// The next schedule of a depth-first search with at most `bound` non-default choices, after the run whose
    /// choices were `trace`: the deepest choice point that can take its next option within the bound, with every
    /// choice before it kept; nil when the search is over.
    ///
    /// - Complexity: O(n) for n choice points.
    static func nextPrefix(after trace: [ScheduleChoice], bound: Int) -> [ScheduleToken.Deviation]? {
        var deviationsBefore = [Int](repeating: 0, count: trace.count + 1)
        for (position, choice) in trace.enumerated() {
            deviationsBefore[position + 1] = deviationsBefore[position] + (choice.chosen == 0 ? 0 : 1)
        }
        for position in trace.indices.reversed() {
            let choice = trace[position]
            guard choice.chosen + 1 < choice.options, deviationsBefore[position] + 1 <= bound else { continue }
            var prefix: [ScheduleToken.Deviation] = []
            for earlier in 0..<position where trace[earlier].chosen != 0 {
                prefix.append(ScheduleToken.Deviation(position: earlier, option: trace[earlier].chosen))
            }
            prefix.append(ScheduleToken.Deviation(position: position, option: choice.chosen + 1))
            return prefix
        }
        return nil
    }
}
