import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// Masks record values that are legitimately not reproducible as a placeholder of their shape, and check only the
/// shape; a mask that selects nothing, or a value of another shape, is a located error.
final class MaskTests: XCTestCase {
    private func check(_ sandbox: ScenarioSandbox, _ path: String, _ mode: RecordMode = .missing) -> ScenarioOutcome {
        GoldenCheck(store: GoldenStore(root: sandbox.root), mode: mode).check(
            file: path,
            with: ScenarioRunner(catalog: reproducibilityCatalog, loader: ScenarioLoader(root: sandbox.root)))
    }

    private func text(_ outcome: ScenarioOutcome) -> String {
        "\(outcome.status)\n" + (outcome.findings + outcome.notes).map(\.description).joined(separator: "\n")
    }

    func testAMaskedUUIDRecordsItsPlaceholderAndPassesOnEveryRun() throws {
        // Given the UUID-stamping scenario with a mask on the items' ids
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Stamps",
              "mask": [{"output": "items", "path": "value[*].id", "as": "uuid"}],
              "steps": [{"at": "0ms", "send": "add", "value": "milk"}, {"at": "1s", "send": "add", "value": "eggs"}]
            }
            """, to: "Scenarios/stamps.json")
        // When it is recorded, then run twice more on CI
        let recorded = check(sandbox, "Scenarios/stamps.json")
        let runs = [check(sandbox, "Scenarios/stamps.json", .never), check(sandbox, "Scenarios/stamps.json", .never)]
        // Then the golden holds "<uuid>" where the ids were (and the virtual dates as they are), and every run passes
        XCTAssertEqual(recorded.status, .recorded, text(recorded))
        XCTAssertEqual(
            sandbox.read("Scenarios/stamps.timeline.json"),
            """
            {"version": 3, "scenario": "stamps", "events": [
              {"at": "0.000s", "output": "items", "value": []},
              {"at": "0.000s", "input": "add", "value": "milk"},
              {"at": "0.000s", "output": "items", "value": [{"id": "<uuid>", "title": "milk", "addedAt": "2026-01-01T09:00:00Z"}]},
              {"at": "1.000s", "input": "add", "value": "eggs"},
              {"at": "1.000s", "output": "items", "value": [{"id": "<uuid>", "title": "milk", "addedAt": "2026-01-01T09:00:00Z"}, {"id": "<uuid>", "title": "eggs", "addedAt": "2026-01-01T09:00:01Z"}]}
            ]}

            """)
        XCTAssertEqual(runs.map(\.status), [.passed, .passed])
    }

    func testAMaskedCounterRecordsANumberPlaceholder() throws {
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            #"{"viewModel": "Tickets", "mask": [{"output": "ticket", "path": "value", "as": "number"}], "#
                + #""steps": [{"send": "take"}]}"#, to: "Scenarios/tickets.json")
        XCTAssertEqual(check(sandbox, "Scenarios/tickets.json").status, .recorded)
        XCTAssertEqual(check(sandbox, "Scenarios/tickets.json", .never).status, .passed)
        XCTAssertEqual(
            sandbox.read("Scenarios/tickets.timeline.json"),
            """
            {"version": 3, "scenario": "tickets", "events": [
              {"at": "0.000s", "input": "take"},
              {"at": "0.000s", "output": "ticket", "value": "<number>"}
            ]}

            """)
    }

    func testMaskedRandomNumbersRecordAndPass() throws {
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            #"{"viewModel": "Dice", "mask": [{"output": "rolled", "path": "value[*]", "as": "number"}], "#
                + #""steps": [{"send": "roll"}]}"#, to: "Scenarios/dice.json")
        XCTAssertEqual(check(sandbox, "Scenarios/dice.json").status, .recorded)
        XCTAssertEqual(check(sandbox, "Scenarios/dice.json", .never).status, .passed)
        XCTAssertEqual(
            sandbox.read("Scenarios/dice.timeline.json")?.components(separatedBy: "\"<number>\"").count, 21)
    }

    func testAMaskThatSelectsNothingOrAValueOfAnotherShapeIsALocatedError() throws {
        // Given masks with a misspelt output, a misspelt path, and the wrong shape
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Stamps",
              "mask": [
                {"output": "itemz", "path": "value[*].id", "as": "uuid"},
                {"output": "items", "path": "value[*].uid", "as": "uuid"},
                {"output": "items", "path": "value[*].title", "as": "uuid"}
              ],
              "steps": [{"at": "0ms", "send": "add", "value": "milk"}]
            }
            """, to: "Scenarios/stamps.json")
        // When it is recorded
        let outcome = check(sandbox, "Scenarios/stamps.json")
        // Then each mask's mistake is reported where it is written, and nothing is recorded
        XCTAssertEqual(
            text(outcome),
            """
            failed
            Scenarios/stamps.json:4:16: error: mask 0 is about output "itemz", which is not in the run's timeline
                {"output": "itemz", "path": "value[*].id", "as": "uuid"},
                           ^
              hint: did you mean 'items'? The run's output events: items
            Scenarios/stamps.json:5:33: error: mask 1 selects no value at value[*].uid in the 2 output "items" events
                {"output": "items", "path": "value[*].uid", "as": "uuid"},
                                            ^
              hint: did you mean 'value[*].id'? Paths: value[*].id, value[*].title, value[*].addedAt
            Scenarios/stamps.json:6:57: error: mask 2 expects a UUID at output "items" value[0].title, found "milk" (the event at 0.000s)
                {"output": "items", "path": "value[*].title", "as": "uuid"}
                                                                    ^
              hint: fix the ViewModel, or make 'as' the value's shape (string)
            """)
        XCTAssertEqual(outcome.findings.map(\.kind), [.invalid, .invalid, .golden])
        XCTAssertNil(sandbox.read("Scenarios/stamps.timeline.json"))
    }

    /// A mask path of 100,000 segments is named in a short message (its first 120 characters and how many more),
    /// not echoed whole in a line of 200 KB.
    func testAMaskPathOfAHundredThousandSegmentsIsShownCut() throws {
        // Given a mask whose path has 100,000 segments
        let sandbox = try ScenarioSandbox()
        let path = "value" + String(repeating: ".a", count: 100_000)
        try sandbox.write(
            """
            {"viewModel": "Stamps", "mask": [{"output": "items", "path": "\(path)", "as": "uuid"}],
             "steps": [{"at": "0ms", "send": "add", "value": "milk"}]}
            """, to: "Scenarios/stamps.json")
        // When it is recorded
        let outcome = check(sandbox, "Scenarios/stamps.json")
        // Then the mask's finding names the path cut, and every line of the report is short
        XCTAssertEqual(
            outcome.findings.map(\.diagnostic.message),
            [
                "mask 0 selects no value at \(path.prefix(120))… (199885 more characters) in the 2 output \"items\" "
                    + "events"
            ])
        XCTAssertLessThan(outcome.text.split(separator: "\n").map(\.count).max() ?? 0, 400)
    }

    /// `validate` reports everything a run reports about the file: a mask of the wrong shape fails a run, so it fails
    /// validation too (it used to pass: only `.invalid` and `.mock` findings were kept).
    func testValidateReportsTheMaskFindingsARunReports() throws {
        // Given a mask that expects a UUID where the run has a count, and a misspelt mask
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Stamps",
              "mask": [
                {"output": "items", "path": "value[*].title", "as": "uuid"},
                {"output": "itemz", "path": "value[*].id", "as": "uuid"}
              ],
              "steps": [{"at": "0ms", "send": "add", "value": "milk"}]
            }
            """, to: "Scenarios/stamps.json")
        let runner = ScenarioRunner(catalog: reproducibilityCatalog, loader: ScenarioLoader(root: sandbox.root))
        // When it is validated, and run
        let validated = runner.validate(file: "Scenarios/stamps.json")
        let run = runner.run(file: "Scenarios/stamps.json")
        // Then validation reports both masks' mistakes, as the run does
        XCTAssertEqual(
            validated.map(\.description),
            [
                """
                Scenarios/stamps.json:4:57: error: mask 0 expects a UUID at output "items" value[0].title, found \
                "milk" (the event at 0.000s)
                    {"output": "items", "path": "value[*].title", "as": "uuid"},
                                                                        ^
                  hint: fix the ViewModel, or make 'as' the value's shape (string)
                """,
                """
                Scenarios/stamps.json:5:16: error: mask 1 is about output "itemz", which is not in the run's timeline
                    {"output": "itemz", "path": "value[*].id", "as": "uuid"}
                               ^
                  hint: did you mean 'items'? The run's output events: items
                """,
            ])
        XCTAssertEqual(validated, run.findings)
    }
}
