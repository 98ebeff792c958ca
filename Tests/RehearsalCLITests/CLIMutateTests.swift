import Foundation
import Rehearsal
import ScenarioJSON
import Testing

/// `rehearsal mutate` end to end, in a copy of the package's scenarios and mocks: without the scenario that sends a
/// duplicate query, the Search ViewModel's removeDuplicates mutant survives and the console, the JSON file and the
/// HTML page name its call (file:line:column), the scenarios that reached it and the hint; `--min-score` decides
/// the exit status; options that do not fit are usage errors.
@Suite struct CLIMutateTests {
    static let survivorLines = [
        "SURVIVED Search: 4 of 5 mutants killed (80%)",
        "  ExampleApp/SearchViewModel.swift:58:30: removeDuplicates() made pass-through: not observable by these "
            + "scenarios",
        "    reached by: search/debounce-typing, search/empty-query-clears, search/error, search/never-answers, "
            + "search/responses-cross-fixed, search/select-result-routes, search/stale-request-cancelled",
        "    hint: send two equal values in a row, further apart than a debounce or throttle before it, "
            + "and check that the second one is dropped",
        "PASS SearchFlatMap: 4 of 4 mutants killed (100%)",
    ]

    static let survivorReachedBy = [
        "search/debounce-typing", "search/empty-query-clears", "search/error", "search/never-answers",
        "search/responses-cross-fixed", "search/select-result-routes", "search/stale-request-cancelled",
    ]

    static func projectWithoutDuplicateQueries() throws -> CLIProcess {
        let cli = try CLIExploreTests.project()
        for file in ["duplicates-dropped.json", "duplicates-dropped.timeline.json"] {
            try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("Scenarios/search/" + file))
        }
        return cli
    }

    @Test func aSurvivingMutantIsNamedAtItsCallInTheConsoleJSONAndHTML() throws {
        // Given the Search scenarios without search/duplicates-dropped, beside the ViewModel's source file
        let cli = try Self.projectWithoutDuplicateQueries()
        let source = "Sources/ExampleApp/Search/SearchViewModel.swift"
        try cli.write(
            source, try String(contentsOf: BundledProject.packageRoot.appendingPathComponent(source), encoding: .utf8))
        // (the lines name the call where the repository has the file; CombineCompat names it by module)
        let survivorLines = Self.survivorLines.map {
            $0.replacingOccurrences(of: "  ExampleApp/", with: "  Sources/ExampleApp/Search/")
        }
        // When mutated with a minimum score of 100% and both file reporters, on two workers
        let mutated = try cli.run([
            "mutate", "Scenarios/search", "--jobs", "2", "--min-score", "100", "--reporter", "json:out/mutants.json",
            "--reporter", "html:out/report",
        ])
        // Then the score is under the minimum (exit 1) and the console names the survivor and where it is
        #expect(mutated.status == 1, "\(mutated)")
        #expect(
            mutated.normalizedStdout
                == (survivorLines + [
                    "wrote out/mutants.json (json report)", "wrote out/report/index.html (html report)",
                    "mutation score 88% (8 of 9 mutants killed; 1 survived) in <time>: 51 plays on 2 workers; under "
                        + "--min-score 100%",
                ]).joined(separator: "\n") + "\n")
        #expect(mutated.stderr == "")
        // And the JSON file is the same report
        let json = try JSONParser().parse(bytes: Array(try cli.read("out/mutants.json").utf8), path: "mutants.json")
        let report = try JSONValueDecoder().decode(MutationReport.self, from: json)
        #expect(report.viewModels.map(\.viewModel) == ["Search", "SearchFlatMap"])
        #expect(report.killed == 8)
        #expect(report.reached == 9)
        let survivor = try #require(report.viewModels.first?.survivors.first)
        #expect("\(survivor.mutant)" == "ExampleApp/SearchViewModel.swift:58:30 removeDuplicates() passThrough")
        #expect(survivor.verdict == .notObservable)
        // And the HTML file is the run's report of the scenarios as written, whose Mutation section lists the
        // survivor as not observable, with the scenarios that reached it
        let data = try ReportFixture.embeddedData(try cli.read("out/report/index.html"))
        let names = data["scenarios"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names?.count == 10)
        #expect(data["scenarios"]?.arrayValue?.allSatisfy { $0["status"] == "passed" } == true)
        let mutation = try #require(data["mutation"])
        #expect(mutation["summary"] == "score 88%: 8 of 9 mutants killed, 1 survived, 51 plays")
        #expect(mutation["viewModels"]?[0]?["heading"] == "Search: 4 of 5 killed (80%)")
        let rows = mutation["viewModels"]?[0]?["mutants"]?.arrayValue ?? []
        let row = try #require(rows.first { $0["verdict"] == "notObservable" })
        let reachedBy: [JSONValue] = Self.survivorReachedBy.map { .string($0) }
        #expect(
            row == [
                "site": "Sources/ExampleApp/Search/SearchViewModel.swift:58:30", "operator": "removeDuplicates()",
                "change": "made pass-through", "verdict": "notObservable",
                "verdictText": "not observable by these scenarios",
                "scenarios": .array(reachedBy), "kills": [],
                "hint": .string(
                    "send two equal values in a row, further apart than a debounce or throttle before it, "
                        + "and check that the second one is dropped"),
            ])
        // And the same run without a minimum passes, and gives the same lines on one worker
        let again = try cli.run(["mutate", "Scenarios/search"])
        #expect(again.status == 0)
        #expect(
            again.normalizedStdout
                == (survivorLines + [
                    "mutation score 88% (8 of 9 mutants killed; 1 survived) in <time>: 51 plays on 1 worker"
                ]).joined(separator: "\n") + "\n")
    }

    @Test func optionsThatDoNotFitAreUsageErrors() throws {
        let cli = try CLIExploreTests.project()
        let reporter = try cli.run(["mutate", "--reporter", "junit:out.xml"])
        #expect(reporter.status == 64)
        #expect(
            reporter.stderr.hasPrefix(
                "error: reporter 'junit' is not available for mutate\n  hint: use json:PATH or html:DIR\n"))
        let score = try cli.run(["mutate", "--min-score", "101"])
        #expect(score.status == 64)
        #expect(
            score.stderr.hasPrefix(
                "error: invalid value '101' for '--min-score'\n  hint: give a percentage from 0 to 100\n"))
        let count = try cli.run(["mutate", "--max-mutants", "0"])
        #expect(count.status == 64)
    }
}
