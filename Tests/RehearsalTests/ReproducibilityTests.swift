import Foundation
import Rehearsal
import RehearsalCLI
import ScenarioJSON
import XCTest

/// Recording plays each scenario twice (a fresh ViewModel each time) and records nothing when the runs differ;
/// a run whose timeline differs from its golden is played again too, and reported the same way when the two runs
/// differ.
final class ReproducibilityTests: XCTestCase {
    private func record(_ sandbox: ScenarioSandbox, _ path: String, _ mode: RecordMode = .missing) -> ScenarioOutcome {
        GoldenCheck(store: GoldenStore(root: sandbox.root), mode: mode).check(
            file: path,
            with: ScenarioRunner(catalog: reproducibilityCatalog, loader: ScenarioLoader(root: sandbox.root)))
    }

    private func text(_ outcome: ScenarioOutcome) -> String {
        "\(outcome.status)\n" + (outcome.findings + outcome.notes).map(\.description).joined(separator: "\n")
    }

    func testAUUIDStampedValueIsReportedAtItsPathAndNothingIsRecorded() throws {
        // Given a ViewModel that stamps each item with UUID() and Date()
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Stamps",
              "steps": [
                {"at": "0ms", "send": "add", "value": "milk"},
                {"at": "1s", "send": "add", "value": "eggs"}
              ]
            }
            """, to: "Scenarios/stamps.json")
        let before = sandbox.listing()
        // When it is recorded
        let outcome = record(sandbox, "Scenarios/stamps.json")
        // Then each differing value is named once per path, with both values, the guess and the mask that fits;
        // the dates (virtual) do not differ; and nothing is written
        XCTAssertEqual(outcome.status, .failed)
        XCTAssertEqual(outcome.findings.map(\.kind), [.nondeterministic])
        let finding = try XCTUnwrap(outcome.findings.first)
        let withoutUUIDs = finding.description.replacing(
            try Regex("[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"), with: "<UUID>")
        XCTAssertEqual(
            withoutUUIDs,
            """
            Scenarios/stamps.json:4:5: error: output "items" at 0.000s: value[0].id differs between two runs (a UUID?): \
            "<UUID>" in the first, "<UUID>" in the second
                {"at": "0ms", "send": "add", "value": "milk"},
                ^
              hint: mask it ("mask": [{"output": "items", "path": "value[*].id", "as": "uuid"}]) or inject the \
            source, then record again
            """)
        XCTAssertEqual(finding.step?.index, 0)
        XCTAssertNil(outcome.golden?.mismatch)
        XCTAssertEqual(sandbox.listing(), before)
    }

    func testDateIsReadFromTheScenarioClockSoADateStampedScenarioRecords() throws {
        // Given a ViewModel that notes Date() at each tap, with the scenario's clock set
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "TapLog",
              "clock": {"now": "2030-05-06T07:08:09Z"},
              "steps": [{"at": "250ms", "send": "tap"}, {"at": "1.5s", "send": "tap"}]
            }
            """, to: "Scenarios/taps.json")
        // When it is recorded, then run again
        let recorded = record(sandbox, "Scenarios/taps.json")
        let again = record(sandbox, "Scenarios/taps.json", .never)
        // Then both runs agreed, the golden holds the scenario's dates, and the next run passes
        XCTAssertEqual(
            text(recorded),
            "recorded\nScenarios/taps.timeline.json: note: recorded a new golden timeline; review it and commit it")
        XCTAssertEqual(
            sandbox.read("Scenarios/taps.timeline.json"),
            """
            {"version": 3, "scenario": "taps", "events": [
              {"at": "0.000s", "output": "taps", "value": []},
              {"at": "0.250s", "input": "tap"},
              {"at": "0.250s", "output": "taps", "value": ["2030-05-06T07:08:09.250Z"]},
              {"at": "1.500s", "input": "tap"},
              {"at": "1.500s", "output": "taps", "value": ["2030-05-06T07:08:09.250Z", "2030-05-06T07:08:10.500Z"]}
            ]}

            """)
        XCTAssertEqual(again.status, .passed)
    }

    func testACounterThatOutlivesTheViewModelIsCaughtByTheSecondRun() throws {
        // Given a ViewModel numbering tickets from a process-wide counter
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            #"{"viewModel": "Tickets", "steps": [{"at": "0ms", "send": "take"}, {"at": "2s", "send": "take"}]}"#,
            to: "Scenarios/tickets.json")
        TicketsViewModel.issued = 0
        // When it is recorded
        let outcome = record(sandbox, "Scenarios/tickets.json")
        // Then the first difference is the first ticket (1, then 3), and the second is reported too
        XCTAssertEqual(
            text(outcome),
            """
            failed
            Scenarios/tickets.json:1:36: error: output "ticket" at 0.000s: value differs between two runs (a random number or a counter?): 1 in the first, 3 in the second
            {"viewModel": "Tickets", "steps": [{"at": "0ms", "send": "take"}, {"at": "2s", "send": "take"}]}
                                               ^
              hint: mask it ("mask": [{"output": "ticket", "path": "value", "as": "number"}]) or inject the source, then record again
            """)
        XCTAssertNil(sandbox.read("Scenarios/tickets.timeline.json"))
    }

    func testRerunsUnderSwiftTestReportADifferenceAsRecordingDoes() throws {
        // Given the tickets scenario with the golden of its first run, checked with `runs: 3` (ScenarioTesting's)
        let sandbox = try ScenarioSandbox()
        try sandbox.write(#"{"viewModel": "Tickets", "steps": [{"send": "take"}]}"#, to: "Scenarios/tickets.json")
        try sandbox.write(
            """
            {"version": 3, "scenario": "tickets", "events": [
              {"at": "0.000s", "input": "take"},
              {"at": "0.000s", "output": "ticket", "value": 1}
            ]}

            """, to: "Scenarios/tickets.timeline.json")
        TicketsViewModel.issued = 0
        let check = ScenarioCheck(
            root: sandbox.root, record: try RecordSetting(environment: ["REHEARSAL_RECORD": "never"]), runs: 3)
        // When it is checked
        let report = check.run("Scenarios/tickets.json", catalog: reproducibilityCatalog)
        // Then the first run passed its golden, and the reruns' difference reads as the recording check's
        XCTAssertEqual(report.status, .failed)
        XCTAssertEqual(
            report.failure?.message,
            """
            2 of 2 reruns did not give the first run's timeline:
            Scenarios/tickets.json:1:36: error: output "ticket" at 0.000s: value differs between two runs (a random number or a counter?): 1 in the first, 2 in the second
            {"viewModel": "Tickets", "steps": [{"send": "take"}]}
                                               ^
              hint: mask it ("mask": [{"output": "ticket", "path": "value", "as": "number"}]) or inject the source, then run the tests again
            """)
        XCTAssertEqual(report.failure?.line, 1)
    }

    func testRealRandomnessIsCaughtToo() throws {
        let sandbox = try ScenarioSandbox()
        try sandbox.write(#"{"viewModel": "Dice", "steps": [{"send": "roll"}]}"#, to: "Scenarios/dice.json")
        let outcome = record(sandbox, "Scenarios/dice.json")
        XCTAssertEqual(outcome.status, .failed)
        XCTAssertEqual(outcome.findings.map(\.kind), [.nondeterministic])
        XCTAssertTrue(
            outcome.findings.first?.diagnostic.message.hasPrefix(#"output "rolled" at 0.000s: value["#) == true,
            text(outcome))
        XCTAssertEqual(
            outcome.findings.first?.diagnostic.hint,
            #"mask it ("mask": [{"output": "rolled", "path": "value[*]", "as": "number"}]) or inject the source, "#
                + "then record again")
    }

    func testARunThatDiffersFromItsGoldenIsReportedAsNotReproducibleWhenTheRerunDiffers() throws {
        // Given a golden recorded for the tickets scenario (as if by a process where the counter started at 0)
        let sandbox = try ScenarioSandbox()
        try sandbox.write(#"{"viewModel": "Tickets", "steps": [{"send": "take"}]}"#, to: "Scenarios/tickets.json")
        try sandbox.write(
            """
            {"version": 3, "scenario": "tickets", "events": [
              {"at": "0.000s", "input": "take"},
              {"at": "0.000s", "output": "ticket", "value": 1}
            ]}

            """, to: "Scenarios/tickets.timeline.json")
        TicketsViewModel.issued = 5
        // When it runs on CI
        let outcome = record(sandbox, "Scenarios/tickets.json", .never)
        // Then it is reported as not reproducible (the two runs), not as a plain mismatch, and no artifact is kept
        XCTAssertEqual(
            text(outcome),
            """
            failed
            Scenarios/tickets.json:1:36: error: output "ticket" at 0.000s: value differs between two runs (a random number or a counter?): 6 in the first, 7 in the second
            {"viewModel": "Tickets", "steps": [{"send": "take"}]}
                                               ^
              hint: mask it ("mask": [{"output": "ticket", "path": "value", "as": "number"}]) or inject the source, then record again
            """)
        XCTAssertNil(outcome.golden?.mismatch)
        XCTAssertNil(sandbox.read(".rehearsal/artifacts/Scenarios/tickets.timeline.json"))
    }
}
