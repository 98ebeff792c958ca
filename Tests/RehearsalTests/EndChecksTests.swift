import Foundation
import Rehearsal
import XCTest

/// One test per end-of-scenario check: a fixture that triggers it, and the whole finding text.
final class EndChecksTests: XCTestCase {
    /// Runs `Fixtures/EndChecks/<name>.json` as `Scenarios/<name>.json`; findings and notes as `kind: text`.
    private func run(_ name: String) throws -> (findings: [String], notes: [String]) {
        let sandbox = try ScenarioSandbox()
        try sandbox.copyFixture("EndChecks/\(name).json", to: "Scenarios/\(name).json")
        let result = sandbox.run("Scenarios/\(name).json")
        return (
            result.findings.map { "\($0.kind): \($0)" },
            result.notes.map { "\($0.kind): \($0)" }
        )
    }

    func testUnusedScriptedResponse() throws {
        // Given a scenario scripting two pages, when the ViewModel asks for one
        let findings = try run("unused-response")
        // Then the unused response is reported where it is written
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/unused-response.json:7:7: error: scripted response 1 for PeopleRepository.fetchPeople \
                was not used (1 use left)
                      { "return": [] }
                      ^
                  hint: remove it, or find out why the ViewModel called PeopleRepository.fetchPeople only 1 time
                """
            ])
        XCTAssertEqual(findings.notes, [])
    }

    func testCallWaitingForAnAnswerThatNeverComes() throws {
        let findings = try run("waits-forever")
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/waits-forever.json:8:5: error: the call to PeopleRepository.fetchPeople made by step 0 \
                at 0.000s still waits for an answer that never comes
                    { "at": "0ms", "send": "load", "value": 1 }
                    ^
                  hint: cancel the request in the ViewModel (a timeout), or script an answer
                """
            ])
    }

    func testCallThatCanNeverReturn() throws {
        // Given a scripted page that does not decode, the mock failure comes first, then the stalled call
        let findings = try run("stalled-call")
        XCTAssertEqual(
            findings.findings,
            [
                """
                invalid: Scenarios/stalled-call.json:5:50: error: mocks.PeopleRepository.fetchPeople[0].return: the scripted \
                response does not decode into Array<Person>: expected an array, found the integer 3
                    "PeopleRepository.fetchPeople": [{ "return": 3 }]
                                                                 ^
                  hint: write an array here
                """,
                """
                endCheck: Scenarios/stalled-call.json:8:5: error: a call to PeopleRepository.fetchPeople made by step 0 \
                can never return since 0.000s: its scripted response does not decode (reported above)
                    { "at": "0ms", "send": "load", "value": 1 }
                    ^
                  hint: fix the scripted response so it decodes into the method's return type
                """,
            ])
    }

    func testTaskSleepingPastTheEnd() throws {
        let findings = try run("sleeping-task")
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/sleeping-task.json:5:5: error: a task started by step 0 is still running at the end of \
                the scenario: it is sleeping on the virtual clock
                    { "at": "0ms", "send": "nap" }
                    ^
                  hint: raise 'until' so the task can finish, or cancel it in the ViewModel
                """
            ])
    }

    func testTaskWaitingOnSomethingNoVirtualEventResumes() throws {
        let findings = try run("stuck-task")
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/stuck-task.json:6:5: error: a task started by step 1 is still running at the end of \
                the scenario: it waits on something no virtual event will resume (a continuation never resumed, or a \
                real clock)
                    { "send": "hang" }
                    ^
                  hint: resume or cancel what it awaits; with system time real, inject the scenario's clock \
                (context.clock)
                """
            ])
    }

    func testTimerPendingAfterUntil() throws {
        let findings = try run("pending-timer")
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/pending-timer.json:7:12: error: VirtualScheduler.schedule scheduled by step 0 is still \
                pending at the end (1.000s), due at 5.000s
                  "until": "1s"
                           ^
                  hint: raise 'until' past it, or cancel it in the ViewModel
                """
            ])
    }

    func testLeakedViewModel() throws {
        // Given a ViewModel whose stored subscription captures self strongly
        let findings = try run("leak")
        XCTAssertEqual(
            findings.findings,
            [
                """
                endCheck: Scenarios/leak.json:3:16: error: ViewModel LeakyViewModel is still alive after the run released \
                it (a retain cycle, or a task that holds it)
                  "viewModel": "Leaky",
                               ^
                  hint: capture self weakly in the closures its subscriptions and tasks keep ([weak self] or \
                withUnretained(self)), wherever they are made (init, bind())
                """
            ])
    }

    func testNonStrictScenarioReportsFindingsAsNotes() throws {
        // Given the unused-response scenario with "strict": false
        let findings = try run("lenient")
        // Then the run succeeds and the finding is a note
        XCTAssertEqual(findings.findings, [])
        XCTAssertEqual(
            findings.notes,
            [
                """
                endCheck: Scenarios/lenient.json:7:7: note: scripted response 1 for PeopleRepository.fetchPeople was not \
                used (1 use left)
                      { "return": [] }
                      ^
                  hint: remove it, or find out why the ViewModel called PeopleRepository.fetchPeople only 1 time
                """
            ])
    }
}
