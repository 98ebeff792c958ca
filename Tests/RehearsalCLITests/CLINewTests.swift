import Foundation
import Testing

/// `rehearsal new`: a starter scenario from what a ViewModel shows of itself, written where nothing is, that records
/// and passes.
@Suite struct CLINewTests {
    static let names =
        "Contributors, MyPage, Counter, User, RandomUser, RandomUserFixed, SearchFlatMap, Search, Login, TodoList, "
        + "StoreReviews, Favorites, RandomPeople, ReviewSearch, ReviewComposer"

    @Test func writesAStarterThatRecordsAndPassesAndSaysWhatToDoNext() throws {
        // Given a project
        let cli = try CLIProcess(fixture: "project")
        // When a starter scenario is written for the Search ViewModel, then recorded and run
        let made = try cli.run(["new", "--viewmodel", "Search", "Scenarios/search/first.json"])
        let recorded = try cli.run(["record", "Scenarios/search/first.json"])
        let run = try cli.run(["run", "--record", "never", "Scenarios/search/first.json"])
        // Then it says what it wrote, what it made up and what is next, and the scenario records and passes
        #expect(
            made
                == .init(
                    status: 0,
                    stdout: """
                        wrote Scenarios/search/first.json: 2 steps (one per input), 1 mock key called \
                        (SearchRepository.search)
                          note: the starter is "strict": false, so its end checks are notes (the call to \
                        SearchRepository.search made by step 0 at 0.300s still waits for an answer that never comes): \
                        script the answers, then remove it
                        next: fill in the description and the answers, then 'rehearsal record \
                        Scenarios/search/first.json' records its golden; review it and commit both

                        """, stderr: ""), "\(made)")
        #expect(try cli.read("Scenarios/search/first.json").contains(#""SearchRepository.search": ["#))
        #expect(recorded.status == 0, "\(recorded)")
        #expect(run.status == 0, "\(run)")
        #expect(cli.exists("Scenarios/search/first.timeline.json"))
    }

    @Test func neverWritesOverAFile() throws {
        let cli = try CLIProcess(fixture: "project")
        let before = try cli.read("Scenarios/counter/add.json")
        let outcome = try cli.run(["new", "--viewmodel", "Counter", "Scenarios/counter/add.json"])
        #expect(
            outcome
                == .init(
                    status: 1, stdout: "",
                    stderr: "Scenarios/counter/add.json: error: the file exists, and 'new' never writes over one\n"
                        + "  hint: give a path nothing has, or remove the file first\n"))
        #expect(try cli.read("Scenarios/counter/add.json") == before)
    }

    @Test(arguments: [
        (
            ["--viewmodel", "Countr", "Scenarios/a.json"], "unknown ViewModel 'Countr'",
            "did you mean 'Counter'? ViewModels: \(names)"
        ),
        (["Scenarios/a.json"], "missing '--viewmodel <name>'", "name one of the catalog's ViewModels: \(names)"),
        (
            ["--viewmodel", "Counter"], "missing the scenario file to write",
            "give its path, such as Scenarios/counter/first.json"
        ),
        (
            ["--viewmodel", "Counter", "Scenarios/a.timeline.json"],
            "'Scenarios/a.timeline.json' is not a scenario file name",
            "name it *.json (not *.timeline.json or *.schema.json), such as Scenarios/counter/first.json"
        ),
        (
            ["--viewmodel", "Counter", "--config", "{\"initialCount\": ", "Scenarios/a.json"],
            "invalid value for '--config <json>': expected a value, found end of file",
            "write the config as JSON, such as '{\"storeId\": 42}'"
        ),
    ])
    func usageMistakesAreUsageErrors(arguments: [String], message: String, hint: String) throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["new"] + arguments)
        #expect(
            outcome
                == .init(
                    status: 64, stdout: "",
                    stderr: "error: \(message)\n  hint: \(hint)\nusage: rehearsal new [options] <path>\n"))
        #expect(!cli.exists("Scenarios/a.json"))
    }

    @Test func aConfigTheFactoryRefusesWritesNothingAndShowsWhere() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run([
            "new", "--viewmodel", "Counter", "--config", #"{"initialCount": "x"}"#, "Scenarios/a.json",
        ])
        #expect(
            outcome
                == .init(
                    status: 1, stdout: "",
                    stderr: """
                        error: config.initialCount: expected an integer, found the string "x"
                          "config": {"initialCount": "x"},
                                                     ^
                          hint: write an integer here, without quotes
                        note: no starter scenario was written to Scenarios/a.json: ViewModel 'Counter' could not be built

                        """))
        #expect(!cli.exists("Scenarios/a.json"))
    }
}
