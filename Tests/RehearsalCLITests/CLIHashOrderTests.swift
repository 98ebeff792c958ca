import Foundation
import Testing

/// A timeline that depends on the order of a `Set` or a `Dictionary` is not recorded: every worker hashes with one
/// known seed, and a recording (or a run that differs from its golden) is confirmed in a second worker with another
/// seed, as a second launch of the app would iterate. The fixture ViewModel groups contacts with
/// `Dictionary(grouping:)` and maps the dictionary into sections; its sorted variant records cleanly.
@Suite struct CLIHashOrderTests {
    static let hint =
        "  hint: sort what the ViewModel builds from a Set or a Dictionary (such as Dictionary(grouping:) then map), "
        + "whose order changes with every launch, or mask it"

    @Test func sectionsInDictionaryOrderAreReportedAsNondeterministicAndSortedOnesRecord() throws {
        // Given the unsorted and the sorted sections scenarios, without goldens
        let cli = try CLIProcess(fixture: "sections", executable: "rehearsal-fixtures")
        // When they are recorded
        let recorded = try cli.run(["record"])
        // Then the unsorted one fails at its step, naming the event, the path and the hashing seeds, and gets no
        // golden; the sorted one is recorded
        #expect(recorded.status == 1, "\(recorded)")
        let lines = recorded.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "FAIL contacts/grouped (Scenarios/contacts/grouped.json)")
        let first = try #require(lines.dropFirst().first)
        #expect(first.hasPrefix("Scenarios/contacts/grouped.json:4:5: error: output \"sections\" at 0.000s: value["))
        #expect(
            first.contains(
                " differs between two processes with other hashing seeds (the order of a Set or a Dictionary?): "))
        #expect(lines.contains { $0.hasPrefix(Self.hint) })
        #expect(!cli.exists("Scenarios/contacts/grouped.timeline.json"))
        #expect(cli.exists("Scenarios/contacts/sorted.timeline.json"))
        #expect(lines.contains("RECORDED contacts/sorted (Scenarios/contacts/sorted.json)"))
        // And the sorted one passes from then on, on every run
        for _ in 0..<2 {
            let run = try cli.run(["run", "Scenarios/contacts/sorted.json"])
            #expect(run.status == 0, "\(run)")
        }
    }

    @Test func recordingTheOneUnsortedScenarioAloneIsRefusedAsOnWorkers() throws {
        // Given the unsorted sections without a golden
        let cli = try CLIProcess(fixture: "sections", executable: "rehearsal-fixtures")
        // When it alone runs with --record missing (a run of one scenario, which starts in the command line's own
        // process, whose hashing seed is the runtime's random one)
        let recorded = try cli.run(["run", "--record", "missing", "Scenarios/contacts/grouped.json"])
        // Then it is refused for depending on the hashing seed, and no golden is written
        #expect(recorded.status == 1, "\(recorded)")
        #expect(recorded.stdout.contains("differs between two processes with other hashing seeds"))
        #expect(!cli.exists("Scenarios/contacts/grouped.timeline.json"))
    }

    @Test func aRunThatDiffersFromItsGoldenIsCheckedInASecondProcessToo() throws {
        // Given the unsorted sections with a golden that has no events (so the run differs from it)
        let cli = try CLIProcess(fixture: "sections", executable: "rehearsal-fixtures")
        try cli.write(
            "Scenarios/contacts/grouped.timeline.json",
            "{\"version\": 3, \"scenario\": \"contacts/grouped\", \"events\": [\n]}\n")
        // When it runs
        let run = try cli.run(["run", "Scenarios/contacts/grouped.json"])
        // Then it is reported as depending on the process, not as a change to accept, and nothing is kept
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("differs between two processes with other hashing seeds"))
        #expect(!run.stdout.contains("timeline differs from the golden"))
        #expect(!cli.exists(".rehearsal/artifacts/Scenarios/contacts/grouped.timeline.json"))
    }
}
