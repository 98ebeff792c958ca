import ExampleCatalog
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// What `rehearsal explore` writes as a race's shrunk scenario: the failing order forced by plain latencies whenever
/// they can force it (no `schedule` key), each latency the least whole number of milliseconds that still fails, and a
/// `schedule` kept, and said so in the description, only when latencies do not force the order.
@Suite(.serialized) struct ShrinkerTests {
    static let races = [
        "Scenarios/random-user/shuffle-while-arriving.race-1.json", "Scenarios/search/responses-cross.race-1.json",
    ]

    /// The scenario at `path` under `root`, loaded from `text` (its own file's text, edited).
    static func load(_ text: String, path: String, root: String) throws -> Scenario {
        let loader = ScenarioLoader(root: root)
        let document = try JSONFileResolver(root: root).parse(text, path: path)
        return try loader.scenario(
            from: document, name: ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder))
    }

    /// Every `"after": "…"` of a response in the text, with where it is (for editing one at a time).
    static func latencies(in text: String) -> [(range: Range<String.Index>, value: ScenarioDuration)] {
        var found: [(Range<String.Index>, ScenarioDuration)] = []
        var rest = text.startIndex..<text.endIndex
        while let key = text.range(of: #""after": ""#, range: rest),
            let end = text.range(of: "\"", range: key.upperBound..<text.endIndex)
        {
            let range = key.upperBound..<end.lowerBound
            if let value = try? ScenarioDuration(parsing: String(text[range])) { found.append((range, value)) }
            rest = end.upperBound..<text.endIndex
        }
        return found
    }

    /// What the properties found in a run: each violated property with its evidence (the final value, the offending
    /// event), the shrinker's "the same failure".
    static func evidence(_ outcome: ScenarioOutcome) -> [(index: Int, evidence: JSONValue?)] {
        guard let scenario = outcome.scenario, let events = outcome.timeline?.events else { return [] }
        return PropertyCheck(scenario: scenario).violations(events).map { ($0.index, $0.evidence) }
    }

    @Test func theBundledRacesAreForcedByMinimalLatenciesAlone() throws {
        // The committed shrunk scenarios as a plain run sees them, their known issue removed so that a run that no
        // longer fails shows no finding at all
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: Fixtures.packageRoot))
        var passingWhenLowered = 0
        for path in Self.races {
            let committed = try String(contentsOfFile: Fixtures.packageRoot + "/" + path, encoding: .utf8)
            let text = committed.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  \"knownIssue\"") }.joined(separator: "\n")
            // Given a race that latencies can force, Then the file has no schedule
            #expect(!text.contains(#""schedule""#), "\(path)")
            let scenario = try Self.load(text, path: path, root: Fixtures.packageRoot)
            #expect(scenario.schedule == nil, "\(path)")
            // And a plain run of it fails one property in the default order
            let shrunk = runner.run(scenario)
            #expect(shrunk.findings.map(\.kind) == [.property], "\(path)")
            let failure = try #require(Self.evidence(shrunk).first)
            // And every latency is minimal: with 1ms less on any one of them (0 below 1ms) the run no longer fails
            // the same way — it passes, or its property fails with another value (a stale answer elsewhere in the
            // list: another failure, which the shrinker does not trade for the one explore found)
            let latencies = Self.latencies(in: text)
            #expect(!latencies.isEmpty)
            for latency in latencies where latency.value > .zero {
                let lower = ScenarioDuration(nanoseconds: max(0, latency.value.nanoseconds - 1_000_000))
                var edited = text
                edited.replaceSubrange(latency.range, with: lower.description)
                let outcome = runner.run(try Self.load(edited, path: path, root: Fixtures.packageRoot))
                #expect(outcome.findings.allSatisfy { $0.kind == .property }, "\(path): \(outcome.findings)")
                let same = Self.evidence(outcome).contains {
                    guard $0.index == failure.index else { return false }
                    guard let found = $0.evidence, let expected = failure.evidence else { return $0.evidence == nil }
                    return ValueMatch.equivalent(found, expected)
                }
                #expect(!same, "\(path): after \(latency.value) lowered to \(lower) still fails the same way")
                if outcome.findings.isEmpty { passingWhenLowered += 1 }
            }
        }
        // Most lowered latencies make the run pass outright (the search race's 401ms, the random-user race's 301ms)
        #expect(passingWhenLowered >= 2)
    }

    static let alarm = """
        {
          "description": "disarmed at the instant the alarm is due: it rings only when its timer runs first",
          "viewModel": "Alarm",
          "mocks": {
            "AlarmRepository.permission": [{"after": "30ms", "return": true}]
          },
          "steps": [
            {"send": "arm"},
            {"at": "20ms", "send": "ask"},
            {"at": "100ms", "send": "disarm"}
          ],
          "properties": [
            {"description": "the alarm rings", "final": "rang", "equals": true}
          ]
        }
        """

    @Test func aRaceNoLatencyForcesKeepsItsScheduleAndSaysSo() throws {
        // Given a step due at the instant of the ViewModel's own timer, the scenario's only response not in the race
        let sandbox = try ScenarioSandbox()
        try sandbox.write(Self.alarm, to: "Scenarios/alarm.json")
        let runner = ScenarioRunner(catalog: exploreTestCatalog, loader: ScenarioLoader(root: sandbox.root))
        #expect(runner.run(file: "Scenarios/alarm.json").findings.isEmpty)
        // When explored
        let outcome = Explorer(runner: runner, options: ExploreOptions()).explore(file: "Scenarios/alarm.json")
        let summary = try #require(outcome.exploration)
        #expect(outcome.findings.map(\.property) == [0])
        #expect(summary.token?.description == "x1.cf160674.0-1")
        // Then the shrunk file keeps a schedule, since no latency moves the ViewModel's own timer, and says so
        let path = try #require(summary.shrunkPath)
        let written = try #require(sandbox.read(path))
        let scenario = try runner.loader.load(path)
        #expect(scenario.schedule != nil)
        #expect(
            scenario.description?.contains(
                "no latencies tried force that order in the default schedule (neither the failing run's nor answers a "
                    + "tick apart), so its 'schedule' plays it") == true)
        // And it is shrunk all the same: the step and the response the race does not need are gone
        #expect(scenario.steps.map(\.at) == [.zero, .milliseconds(100)])
        #expect(!written.contains("ask") && !written.contains("mocks"))
        // And a plain run fails the property every time, while the same file without its schedule passes
        let plain = (0..<10).map { _ in runner.run(scenario) }
        #expect(plain.allSatisfy { $0.findings.map(\.property) == [0] })
        let unscheduled = written.split(separator: "\n").filter { !$0.hasPrefix("  \"schedule\"") }
            .joined(separator: "\n").replacingOccurrences(of: "],\n}", with: "]\n}")
        #expect(runner.run(try Self.load(unscheduled, path: path, root: sandbox.root)).findings.isEmpty)
    }

    @Test func aScheduleThatLatenciesMakeNeedlessIsDropped() throws {
        // Given the crossing search's failing schedule, and a candidate that keeps its order choice although its
        // latencies make the second answer come 50ms before the first anyway (a needless "schedule")
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: Fixtures.packageRoot))
        let explorer = Explorer(runner: runner, options: ExploreOptions())
        let path = "Scenarios/search/responses-cross.json"
        let context = ExplorationContext(
            explorer: explorer, scenario: try runner.loader.load(path), path: PathName(path))
        let token = try ScheduleToken(parsing: "x1.6df69030.1-3.2-1")
        guard case .choices(let deviations) = token.plan else { throw CocoaError(.featureUnsupported) }
        var work = ShrinkWork(context: context, failing: context.play(ReplaySource(deviations: deviations)))
        var candidate = try work.start()
        #expect(!candidate.schedule.isEmpty)
        candidate.raw = ShrinkWork.setting(
            .string("550ms"), at: ["mocks", "SearchRepository.search", "0", "after"], in: candidate.raw)
        candidate.raw = ShrinkWork.setting(
            .string("100ms"), at: ["mocks", "SearchRepository.search", "1", "after"], in: candidate.raw)
        #expect(work.reproduces(candidate) != nil)
        // When minimised, Then the schedule goes, and the latencies are the least that fail in the default order
        let shrunk = work.minimised(candidate)
        #expect(shrunk.schedule.isEmpty)
        let afters = ["0", "1"].map { shrunk.raw[JSONPointer(["mocks", "SearchRepository.search", $0, "after"])] }
        #expect(afters == [.string("0.401s"), .string("0.000s")])
    }

    @Test func aGoldenRaceKeepsItsScheduleStepsAndLatenciesBesideItsGolden() throws {
        // Given the alarm's race checked against its golden up to same-instant order (the golden pins every time, so
        // no latency may move), with the golden recorded from the default order
        let sandbox = try ScenarioSandbox()
        let golden = Self.alarm.replacingOccurrences(
            of: #"{"description": "the alarm rings", "final": "rang", "equals": true}"#,
            with: #"{"golden": "sameInstantOrder"}"#)
        try sandbox.write(golden, to: "Scenarios/alarm.json")
        let runner = ScenarioRunner(catalog: exploreTestCatalog, loader: ScenarioLoader(root: sandbox.root))
        let store = GoldenStore(root: sandbox.root)
        let recorded = try #require(runner.run(file: "Scenarios/alarm.json").timeline)
        try store.writeGolden(recorded, forScenario: "Scenarios/alarm.json")
        // When explored
        let summary = try #require(
            Explorer(runner: runner, options: ExploreOptions()).explore(file: "Scenarios/alarm.json").exploration)
        // Then the shrunk file plays the race from its schedule and says why, with the original's steps and responses
        let path = try #require(summary.shrunkPath, "\(summary.shrinkNote ?? "")")
        let scenario = try runner.loader.load(path)
        #expect(scenario.schedule != nil)
        #expect(
            scenario.description?.contains(
                "its golden pins every time, so latencies cannot force that order: its 'schedule' plays it") == true)
        #expect(scenario.steps.count == 3)
        #expect(sandbox.read(path)?.contains(#"{"after": "30ms", "return": true}"#) == true)
        // And beside it the original's golden, from which each plain run differs beyond same-instant order
        let copied = try #require(try store.readGolden(forScenario: PathName(path)))
        for _ in 0..<3 {
            let timeline = try #require(runner.run(scenario).timeline)
            #expect(SameInstantOrder.difference(golden: copied, actual: timeline) != nil)
        }
    }
}
