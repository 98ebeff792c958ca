import ExampleCatalog
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// `rehearsal explore`'s engine on the bundled races: it finds each, names it, hands back a token that replays it
/// exactly, and shrinks it into a scenario that fails on a plain run every time; the fixed ViewModels pass every
/// schedule under the bound.
@Suite(.serialized) struct ExplorerTests {
    static let race = "Scenarios/random-user/shuffle-while-arriving.json"
    static let search = "Scenarios/search/responses-cross.json"

    /// A copy of the package's scenarios and mocks, so shrunk scenarios are written into a temporary folder.
    final class Project {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-explore-\(UUID())").path
            for folder in ["Scenarios", "Mocks"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.packageRoot + "/" + folder, toPath: root + "/" + folder)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        var runner: ScenarioRunner { ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root)) }

        func explorer(_ options: ExploreOptions = ExploreOptions()) -> Explorer {
            Explorer(runner: runner, options: options)
        }

        func read(_ path: String) -> String? {
            FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
        }

        func remove(_ path: String) {
            try? FileManager.default.removeItem(atPath: root + "/" + path)
        }
    }

    @Test func theSeed004RaceIsFoundNamedReplayedAndShrunk() throws {
        // Given the bundled race without its committed shrunk scenario
        let project = try Project()
        project.remove("Scenarios/random-user/shuffle-while-arriving.race-1.json")
        // When explored with the default strategy (exhaustive, bound 2)
        let outcome = project.explorer().explore(file: Self.race)
        let summary = try #require(outcome.exploration)
        // Then a schedule fails the property, and the race is the third shuffle overtaking an answer
        #expect(outcome.status == .failed)
        #expect(outcome.findings.map(\.kind) == [.property])
        #expect(summary.statement == "schedule 464 fails (exhaustive (bound 2), after 463 passed)")
        #expect(
            summary.race
                == "the response to RandomUserService.fetchRandomPerson (response 1) came after step 2 (input "
                + "'networkRandomUser') (both at 1.300s); in the default order it came first (both at 1.300s)")
        #expect(summary.token?.description == "x1.eaea2577.40-1")
        // And the failing schedule's timeline is set against the golden for the report
        #expect(outcome.golden?.mismatch?.firstDivergence.index == 28)
        // And the shrunk scenario written beside it is the committed one, known issue aside
        #expect(summary.shrunkPath == "Scenarios/random-user/shuffle-while-arriving.race-1.json")
        let written = try #require(project.read("Scenarios/random-user/shuffle-while-arriving.race-1.json"))
        let committed = try String(
            contentsOfFile: Fixtures.packageRoot + "/Scenarios/random-user/shuffle-while-arriving.race-1.json",
            encoding: .utf8)
        #expect(
            written
                == committed.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("  \"knownIssue\"") }.joined(separator: "\n"))
        #expect(written.contains(#"{"after": "0.301s", "return": {"$file": "Mocks/random-user/grace.json"}}"#))
        // And latencies alone force the order: the file plays the default order, with no schedule of its own
        #expect(!written.contains(#""schedule""#))
        // And a plain run of it fails the same property every time, 100 times out of 100
        let shrunk = try project.runner.loader.load("Scenarios/random-user/shuffle-while-arriving.race-1.json")
        let plain = (0..<100).map { _ in project.runner.run(shrunk) }
        #expect(plain.allSatisfy { $0.findings.map(\.property) == [0] })
        #expect(Set(plain.map { $0.timeline?.canonicalText }).count == 1)
    }

    @Test func aReplayTokenPlaysTheSameScheduleEveryTime() throws {
        let project = try Project()
        let replaying = project.explorer(ExploreOptions(replay: try ScheduleToken(parsing: "x1.eaea2577.40-1")))
        let runs = (0..<100).map { _ in replaying.explore(file: Self.race) }
        #expect(runs.allSatisfy { $0.status == .failed && $0.findings.map(\.property) == [0] })
        #expect(Set(runs.map { $0.timeline?.canonicalText }).count == 1)
        // A token of another version of the scenario is refused, not replayed into another schedule
        let stale = project.explorer(ExploreOptions(replay: try ScheduleToken(parsing: "x1.00000000.40-1"))).explore(
            file: Self.race)
        #expect(stale.isInvalid)
        #expect(
            stale.findings.first?.diagnostic.message
                == "the replay token x1.00000000.40-1 was made for another version of \(Self.race) (fingerprint "
                + "00000000, the file's is eaea2577)")
    }

    /// A token whose option or choice point the scenario does not have is refused (it used to "replay" the default
    /// order and pass), located at the scenario file, saying what does not fit.
    @Test(arguments: [
        (
            "x1.6df69030.1-999999",
            "it takes option 999999 at choice point 1, which has 5 options (0 to 4)"
        ),
        (
            "x1.6df69030.500-1",
            "it takes option 1 at choice point 500, and the run meets only 2 choice points (0 to 1)"
        ),
    ])
    func aReplayTokenThatDoesNotFitTheScenarioIsRefused(token: String, misfit: String) throws {
        let project = try Project()
        let outcome = project.explorer(ExploreOptions(replay: try ScheduleToken(parsing: token))).explore(
            file: Self.search)
        #expect(outcome.isInvalid)
        #expect(
            outcome.findings.map(\.description) == [
                """
                \(Self.search): error: the replay token \(token) does not fit \(Self.search): \(misfit)
                  hint: copy the token that explore printed for this file, or explore it again (a token explore \
                printed fits unless the ViewModel is not deterministic)
                """
            ])
    }

    @Test func theCrossingSearchShrinksToLatenciesThatForceTheOrder() throws {
        let project = try Project()
        project.remove("Scenarios/search/responses-cross.race-1.json")
        let outcome = project.explorer().explore(file: Self.search)
        let summary = try #require(outcome.exploration)
        #expect(summary.failingSchedule == 7)
        // The fewest choices that fail: the second answer 100ms sooner, due with the first, and delivered first
        #expect(summary.latencyChanges == ["/mocks/SearchRepository.search/1: after 0.050s instead of 0.150s"])
        #expect(summary.token?.description == "x1.6df69030.1-3.2-1")
        let written = try #require(project.read("Scenarios/search/responses-cross.race-1.json"))
        #expect(written.contains(#"{"after": "0.401s", "when": {"query": "swift"}"#))
        #expect(written.contains(#"{"after": "0.000s", "when": {"query": "combine"}"#))
        #expect(!written.contains("jitter"))
        #expect(!written.contains(#""schedule""#))
    }

    @Test func aScenarioWithNothingToReorderSaysItsOnlySchedulePassed() {
        let summary = ExplorationSummary(search: .strategy(.exhaustive(bound: 2)), schedules: 1, exhausted: true)
        #expect(summary.statement == "its only schedule passed (nothing in it can happen in another order)")
        let two = ExplorationSummary(search: .strategy(.exhaustive(bound: 2)), schedules: 2, exhausted: true)
        #expect(two.statement == "all 2 schedules passed under bound 2")
    }

    @Test func theFixedViewModelsPassEveryScheduleUnderTheBound() throws {
        let project = try Project()
        let explorer = project.explorer()
        let statements = [
            "Scenarios/random-user/shuffle-while-arriving-fixed.json", "Scenarios/search/responses-cross-fixed.json",
        ].map { explorer.explore(file: $0).exploration?.statement }
        #expect(
            statements == ["all 5727 schedules passed under bound 2", "all 44 schedules passed under bound 2"])
    }

    @Test func seededStrategiesFindTheRacesQuickly() throws {
        let project = try Project()
        for strategy: ExploreOptions.Strategy in [.random(seed: 1), .pct(seed: 1, depth: 3)] {
            let explorer = project.explorer(ExploreOptions(strategy: strategy, limit: 100, shrink: false))
            for path in [Self.race, Self.search] {
                let found = explorer.explore(file: path).exploration?.failingSchedule
                #expect(found.map { $0 <= 100 } == true, "\(strategy) \(path)")
            }
        }
    }

    @Test func theDefaultScheduleOfAnExploredRunIsTheDefaultOrder() throws {
        // Every bundled scenario run under an explorer that always takes option 0 records its plain run's timeline
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: Fixtures.packageRoot))
        for path in runner.loader.scenarioFiles(under: "Scenarios") {
            let scenario = try runner.loader.load(path)
            let explored = runner.run(
                scenario, path: PathName(path), control: ScheduleDriver(source: DefaultSource(), scenario: scenario))
            #expect(explored.timeline?.canonicalText == runner.run(scenario).timeline?.canonicalText, "\(path)")
        }
    }

    @Test func aScheduleKeyMakesAPlainRunPlayThatSchedule() throws {
        let project = try Project()
        let original = try #require(project.read(Self.race))
        let path = "Scenarios/random-user/with-schedule.json"
        try Data(
            original.replacingOccurrences(of: #""viewModel""#, with: #""schedule": "x1.eaea2577.40-1", "viewModel""#)
                .utf8
        )
        .write(to: URL(fileURLWithPath: project.root + "/" + path))
        let outcome = project.runner.run(file: path)
        #expect(outcome.findings.map(\.property) == [0])
        #expect(project.runner.run(file: Self.race).findings.isEmpty)
        // And explore checks that schedule first, as run does
        let explored = project.explorer().explore(file: path).exploration
        #expect(explored?.statement == "the scenario's own schedule fails (schedule 1)")
        #expect(explored?.shrunkPath == nil)
    }
}
