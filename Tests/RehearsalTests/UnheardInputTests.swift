import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// A `send` into an input nothing subscribes to is an end-of-scenario finding at the step: the forgotten `bind()`.
final class UnheardInputTests: XCTestCase {
    private func record(_ sandbox: ScenarioSandbox, _ path: String) -> ScenarioOutcome {
        GoldenCheck(store: GoldenStore(root: sandbox.root), mode: .missing).check(
            file: path,
            with: ScenarioRunner(catalog: reproducibilityCatalog, loader: ScenarioLoader(root: sandbox.root)))
    }

    private func text(_ outcome: ScenarioOutcome) -> String {
        "\(outcome.status)\n" + (outcome.findings + outcome.notes).map(\.description).joined(separator: "\n")
    }

    func testAForgottenBindIsReportedAtTheStepAndNoGoldenIsRecorded() throws {
        // Given a ViewModel whose catalog entry never binds it, and a scenario that loads twice
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Unbound",
              "steps": [{"at": "0ms", "send": "load"}, {"at": "1s", "send": "load"}]
            }
            """, to: "Scenarios/unbound.json")
        // When it is recorded
        let outcome = record(sandbox, "Scenarios/unbound.json")
        // Then the first send is the finding, with the fix in the catalog, and nothing is recorded
        XCTAssertEqual(
            text(outcome),
            """
            failed
            Scenarios/unbound.json:3:13: error: nothing subscribes to input 'load' of ViewModel 'Unbound' when step 0 sends it: the value went nowhere (and 1 more send)
              "steps": [{"at": "0ms", "send": "load"}, {"at": "1s", "send": "load"}]
                        ^
              hint: bind the ViewModel in the catalog, e.g. ViewModelEntry("Unbound") { … }.bind { $0.bind() } (the runner binds only a ViewModelKit.BaseViewModel by itself; a class of your own named BaseViewModel is not one)
            """)
        XCTAssertEqual(outcome.findings.map(\.step?.index), [0])
        XCTAssertNil(sandbox.read("Scenarios/unbound.timeline.json"))
        // And bound, the same scenario records
        try sandbox.edit("Scenarios/unbound.json", replacing: "\"Unbound\"", with: "\"Bound\"")
        XCTAssertEqual(record(sandbox, "Scenarios/unbound.json").status, .recorded)
    }

    func testAStepWrittenOverSeveralLinesIsQuotedWhole() throws {
        // Given the forgotten bind of the test above, in a file a formatter wrote: each step over four lines or more
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Unbound",
              "steps": [
                {
                  "at": "0ms",
                  "send": "load"
                },
                {
                  "at":
                    "1s",
                  "send":

                    "load"
                }
              ]
            }
            """, to: "Scenarios/formatted.json")
        // When it is recorded
        let outcome = record(sandbox, "Scenarios/formatted.json")
        // Then the finding quotes the whole first step, not its opening brace alone
        XCTAssertEqual(
            outcome.findings.first?.description,
            """
            Scenarios/formatted.json:4:5: error: nothing subscribes to input 'load' of ViewModel 'Unbound' when step 0 sends it: the value went nowhere (and 1 more send)
                {
                ^
                  "at": "0ms",
                  "send": "load"
                }
              hint: bind the ViewModel in the catalog, e.g. ViewModelEntry("Unbound") { … }.bind { $0.bind() } (the runner binds only a ViewModelKit.BaseViewModel by itself; a class of your own named BaseViewModel is not one)
            """)
        // And a longer step is quoted up to six lines, then elided; as a block, its indentation is its own
        let scenario = try ScenarioLoader(root: sandbox.root).load("Scenarios/formatted.json")
        let excerpt = scenario.document.excerpt(of: scenario.steps[1].pointer, wholeValue: true)
        XCTAssertEqual(
            excerpt?.block,
            """
            {
              "at":
                "1s",
              "send":

                …
            """)
        XCTAssertEqual(scenario.document.excerpt(of: scenario.steps[1].pointer)?.following, [])
    }

    func testASubjectOnlyTheRunnerRecordsIsUnheardAndANonStrictScenarioNotesIt() throws {
        // Given subjects on the class, one listened to and one not, in a scenario that is not strict
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "HalfListening",
              "strict": false,
              "steps": [{"at": "0ms", "send": "refresh"}, {"at": "1s", "send": "didTap"}]
            }
            """, to: "Scenarios/half.json")
        let outcome = record(sandbox, "Scenarios/half.json")
        XCTAssertEqual(
            text(outcome),
            """
            recorded
            Scenarios/half.json:4:47: note: nothing subscribes to input 'didTap' of ViewModel 'HalfListening' when step 1 sends it: the value went nowhere
              "steps": [{"at": "0ms", "send": "refresh"}, {"at": "1s", "send": "didTap"}]
                                                          ^
              hint: subscribe to the input where the ViewModel binds it (a missing sink, or a subscription cancelled or finished before the step)
            Scenarios/half.timeline.json: note: recorded a new golden timeline; review it and commit it
            """)
    }

    func testTheUnheardSendComesBeforeTheResponseItLeftUnused() throws {
        // Given an unbound ViewModel whose only step would have made the scripted call
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "UnboundGreeter",
              "mocks": {"GreetingService.greeting": [{"after": "100ms", "return": "Hello, Kim"}]},
              "steps": [{"at": "0ms", "send": "name", "value": "Kim"}]
            }
            """, to: "Scenarios/greeter.json")
        // Then the cause is the first finding, and the unused response (its consequence) the second
        XCTAssertEqual(
            text(record(sandbox, "Scenarios/greeter.json")),
            """
            failed
            Scenarios/greeter.json:4:13: error: nothing subscribes to input 'name' of ViewModel 'UnboundGreeter' when step 0 sends it: the value went nowhere
              "steps": [{"at": "0ms", "send": "name", "value": "Kim"}]
                        ^
              hint: bind the ViewModel in the catalog, e.g. ViewModelEntry("UnboundGreeter") { … }.bind { $0.bind() } (the runner binds only a ViewModelKit.BaseViewModel by itself; a class of your own named BaseViewModel is not one)
            Scenarios/greeter.json:3:42: error: scripted response 0 for GreetingService.greeting was not used (1 use left)
              "mocks": {"GreetingService.greeting": [{"after": "100ms", "return": "Hello, Kim"}]},
                                                     ^
              hint: check that the ViewModel calls GreetingService.greeting (a key that names no method of the mock is \
            never called), or remove the response
            """)
    }

    func testWhenNoInputIsHeardOneFindingNamesThemAll() throws {
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            #"{"viewModel": "Unbound", "steps": [{"send": "load"}, {"send": "refresh"}, {"send": "load"}]}"#,
            to: "Scenarios/unbound.json")
        XCTAssertEqual(
            text(record(sandbox, "Scenarios/unbound.json")),
            """
            failed
            Scenarios/unbound.json:1:36: error: nothing subscribes to any input of ViewModel 'Unbound' that the steps send ('load', 'refresh'): 3 sends went nowhere, the first at step 0
            {"viewModel": "Unbound", "steps": [{"send": "load"}, {"send": "refresh"}, {"send": "load"}]}
                                               ^
              hint: bind the ViewModel in the catalog, e.g. ViewModelEntry("Unbound") { … }.bind { $0.bind() } (the runner binds only a ViewModelKit.BaseViewModel by itself; a class of your own named BaseViewModel is not one)
            """)
    }
}
