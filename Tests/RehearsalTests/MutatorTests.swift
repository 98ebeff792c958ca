import CombineCompat
import ExampleCatalog
import Foundation
import Testing

@testable import Rehearsal

/// `rehearsal mutate`'s engine on the bundled scenarios, in this process (the command line makes the same plays on
/// its workers and builds the same report): every bundled ViewModel's debounce, removeDuplicates and switchToLatest
/// mutants are reached and killed; without the scenario that sends a duplicate query, the Search ViewModel's
/// removeDuplicates mutant survives, located at its call; and a plain run in the same process never sees a mutant.
@Suite(.serialized) struct MutatorTests {
    static let root = Fixtures.packageRoot
    static var mutator: Mutator {
        Mutator(runner: ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root)))
    }

    /// `ViewModel file:line operator change verdict`, the report's facts as one line per mutant.
    static func rows(_ report: MutationReport, operators: Set<MutationOperator>) -> [String] {
        report.viewModels.flatMap { score in
            score.mutants.filter { operators.contains($0.mutant.point.operator) }.map { result in
                let point = result.mutant.point
                return "\(score.viewModel) \(point.site.file):\(point.site.line) \(point.operator) "
                    + "\(result.mutant.change) \(result.verdict)"
            }
        }
    }

    @Test func everyBundledDebounceRemoveDuplicatesAndSwitchToLatestMutantIsReachedAndKilled() {
        // Given every bundled scenario
        let files = ScenarioSchemaTests.bundledScenarios()
        // When mutated
        let report = Self.mutator.mutate(files: files)
        // Then each ViewModel that calls one of the three operators has its mutants reached, and each is killed
        #expect(report.skipped == [])
        #expect(
            Self.rows(report, operators: [.debounce, .removeDuplicates, .switchToLatest]) == [
                "Favorites TeamApp/FavoritesViewModel.swift:36 debounce intervalZero killed",
                "Favorites TeamApp/FavoritesViewModel.swift:36 debounce intervalDoubled killed",
                "Login ExampleApp/LoginViewModel.swift:77 debounce intervalZero killed",
                "Login ExampleApp/LoginViewModel.swift:77 debounce intervalDoubled killed",
                "Login ExampleApp/LoginViewModel.swift:78 removeDuplicates passThrough killed",
                "Search ExampleApp/SearchViewModel.swift:58 removeDuplicates passThrough killed",
                "Search ExampleApp/SearchViewModel.swift:59 debounce intervalZero killed",
                "Search ExampleApp/SearchViewModel.swift:59 debounce intervalDoubled killed",
                "Search ExampleApp/SearchViewModel.swift:62 switchToLatest mergeInner killed",
                "SearchFlatMap ExampleApp/FlatMapSearchViewModel.swift:24 removeDuplicates passThrough killed",
                "SearchFlatMap ExampleApp/FlatMapSearchViewModel.swift:25 debounce intervalZero killed",
                "SearchFlatMap ExampleApp/FlatMapSearchViewModel.swift:25 debounce intervalDoubled killed",
                "TodoList ExampleApp/TodoListViewModel.swift:47 removeDuplicates passThrough killed",
            ])
        // And the Search ViewModel's removeDuplicates mutant is killed by the scenario that sends a duplicate query
        let search = report.viewModels.first { $0.viewModel == "Search" }
        let removeDuplicates = search?.mutants.first { $0.mutant.point.operator == .removeDuplicates }
        #expect(removeDuplicates?.kills.map(\.scenario) == ["search/duplicates-dropped"])
        #expect(removeDuplicates?.kills.first?.cause == .finding)
        #expect(
            removeDuplicates?.kills.first?.message
                == "the only scripted response for SearchRepository.search was used (call made by step 1 at 1.300s)")
        // And the ViewModels whose scenarios reached no operator Rehearsal mutates are named, not left out silently
        #expect(report.unreached == ["Counter", "RandomUserFixed"])
    }

    @Test func withoutTheDuplicateQueryScenarioTheSearchRemoveDuplicatesMutantSurvivesAtItsCall() throws {
        // Given the Search scenarios without search/duplicates-dropped
        let files = ScenarioSchemaTests.bundledScenarios().filter {
            $0.hasPrefix("Scenarios/search/") && $0 != "Scenarios/search/duplicates-dropped.json"
        }
        // When mutated
        let report = Self.mutator.mutate(files: files)
        // Then the Search ViewModel's only survivor is its removeDuplicates call, not observable by the scenarios
        // that reached it, with the hint of what to send
        let search = try #require(report.viewModels.first { $0.viewModel == "Search" })
        let site = CallSite(file: "ExampleApp/SearchViewModel.swift", line: 58, column: 30)
        #expect(
            search.survivors == [
                MutationReport.MutantResult(
                    mutant: Mutant(point: MutationPoint(site: site, operator: .removeDuplicates), change: .passThrough),
                    verdict: .notObservable,
                    scenarios: [
                        "search/debounce-typing", "search/empty-query-clears", "search/error", "search/never-answers",
                        "search/responses-cross-fixed", "search/select-result-routes",
                        "search/stale-request-cancelled",
                    ], kills: [],
                    hint: "send two equal values in a row, further apart than a debounce or throttle before it, "
                        + "and check that the second one is dropped")
            ])
        // (its mutants: the debounce's two, switchToLatest's, removeDuplicates', and search/error's failure swallowed)
        #expect(search.reached == 5)
        #expect(search.killed == 4)
    }

    @Test func aMutantNeverLeaksIntoAPlainRunInTheSameProcess() throws {
        // Given a play under the Search removeDuplicates mutant, which the duplicate-query scenario kills
        let path = "Scenarios/search/duplicates-dropped.json"
        let baseline = Self.mutator.play(file: path, mutant: nil)
        let point = try #require(baseline.mutation?.reached.first { $0.operator == .removeDuplicates })
        let mutated = Self.mutator.play(file: path, mutant: Mutant(point: point, change: .passThrough))
        #expect(baseline.status == .passed)
        #expect(mutated.status == .failed)
        #expect(mutated.mutation?.reachedMutant == true)
        // When the same scenario then runs plainly in this process
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: Self.root))
        let plain = runner.run(file: path)
        // Then it is the timeline as written (its golden's), with no mutation play and no session left installed
        #expect(plain.findings == [])
        #expect(plain.mutation == nil)
        #expect(plain.timeline?.events == baseline.timeline?.events)
        #expect(plain.timeline?.events != mutated.timeline?.events)
        #expect(MutationSeam.current == nil)
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-mutate-\(UUID())")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let check = GoldenCheck(store: GoldenStore(root: Self.root, artifactsFolder: artifacts.path), mode: .never)
        #expect(check.check(plain).status == .passed)
    }

    @Test func aMockFailureSwallowedIsLocatedInTheScenarioFileAndLeavesTheCallUnanswered() throws {
        // Given the scenario whose one search response is a failure, played as written
        let path = "Scenarios/search/error.json"
        let baseline = Self.mutator.play(file: path, mutant: nil)
        // Then its failure is a mutation point at the response in the scenario file, on the mock key it answers
        let point = try #require(baseline.mutation?.reached.first { $0.operator == .mockFailure })
        #expect(
            point
                == MutationPoint(
                    site: CallSite(file: path, line: 6, column: 7), operator: .mockFailure,
                    subject: "SearchRepository.search"))
        #expect(point.spelled == "a mock's failure response of `SearchRepository.search`")
        // When played with that failure swallowed
        let mutated = Self.mutator.play(file: path, mutant: Mutant(point: point, change: .swallowed))
        // Then the response is recorded as scripted, but the ViewModel never hears of it (no end of loading, no
        // error), and no finding blames the scenario for the call left waiting: the golden comparison kills it
        let asWritten = try #require(baseline.timeline?.events)
        #expect(asWritten.suffix(3).map(\.kind.label) == [.response, .output, .output])
        #expect(mutated.timeline?.events == Array(asWritten.dropLast(2)))
        #expect(mutated.findings == [])
        #expect(mutated.status == .failed)
        #expect(mutated.golden?.mismatch != nil)
    }

    @Test func maxMutantsKeepsTheFirstInViewModelAndCallSiteOrder() {
        let files = ["Scenarios/search/duplicates-dropped.json", "Scenarios/login/validation.json"]
        let report = Self.mutator.mutate(files: files, maxMutants: 2)
        #expect(report.leftOut == 7)
        #expect(
            Self.rows(report, operators: Set(MutationOperator.allCases)) == [
                "Login ExampleApp/LoginViewModel.swift:75 combineLatest zipped killed",
                "Login ExampleApp/LoginViewModel.swift:76 mapBool negated killed",
            ])
    }
}
