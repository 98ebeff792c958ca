import ExampleCatalog
import Rehearsal
import RunnerFixtures
import ScenarioJSON
import Testing

/// Properties a scenario states, checked against the recorded timeline after every run (each expected text is the
/// whole finding).
@Suite struct PropertyCheckTests {
    static let counter = """
        {"viewModel": "Counter", "steps": [
          {"send": "onTapAddButton"}, {"wait": "100ms", "send": "onTapAddButton"},
          {"wait": "100ms", "send": "onTapSubtractButton"}
        ], "properties": [%@]}
        """

    func run(_ properties: String, knownIssue: String? = nil) throws -> ScenarioOutcome {
        var text = Self.counter.replacingOccurrences(of: "%@", with: properties)
        if let knownIssue {
            text = text.replacingOccurrences(
                of: "{\"viewModel\"", with: "{\"knownIssue\": \"\(knownIssue)\", \"viewModel\"")
        }
        return try runInline(text)
    }

    @Test func propertiesThatHoldAddNothing() throws {
        let outcome = try run(
            """
            {"final": "state", "equals": {"count": 1}}, {"count": {"input": "*"}, "equals": 3},
            {"never": {"input": "onTapAddButton"}, "after": {"input": "onTapSubtractButton"}},
            {"each": {"input": "onTapSubtractButton"}, "after": {"state": "state", "value": {"count": 2}}}
            """)
        #expect(outcome.status == .passed)
        #expect(outcome.findings.isEmpty)
    }

    @Test func aFinalValueThatDiffersNamesWhatItIsAndWhereTheStepIs() throws {
        let outcome = try run(#"{"final": "state", "equals": {"count": 2}}"#)
        #expect(outcome.status == .failed)
        #expect(outcome.findings.map(\.kind) == [.property])
        #expect(outcome.findings.first?.property == 0)
        #expect(outcome.findings.first?.step?.index == 2)
        #expect(
            outcome.findings.first?.diagnostic.message
                == "property 0 does not hold: the final value of 'state' equals {\"count\": 2}: it is {\"count\": 1} "
                + "(at 0.200s, event 6), expected {\"count\": 2}")
    }

    @Test func aFailureNothingCouldReorderIsNotSentToExplore() throws {
        // Given the counter, whose steps and state changes can happen in one order only
        let outcome = try run(#"{"final": "state", "equals": {"count": 2}}"#)

        // Then the hint says what is true: no other schedule can change it
        #expect(
            outcome.findings.first?.diagnostic.hint
                == "fix the ViewModel or the property: nothing in this scenario can happen in another order, so it "
                + "fails the same way in every schedule")
    }

    @Test func theHintNamesTheCommandAsTheTeamInvokesIt() throws {
        // Given a search whose answer may arrive within a jitter window: other schedules could change the result
        let text = """
            {"viewModel": "Search", "explore": {"jitter": "50ms"},
             "mocks": {"SearchRepository.search": [{"after": "100ms", "return": []}]},
             "steps": [{"send": "query", "value": "swift"}],
             "properties": [{"final": "results", "length": 9}]}
            """
        let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "inline.json")
        let scenario = try ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: "inline")
        var hints: [String?] = []
        for advice in [RecordAdvice(tool: .commandLine("store-rehearsal")), RecordAdvice(tool: .swiftTest)] {
            var runner = ScenarioRunner(catalog: runnerFixtureCatalog)
            runner.advice = advice
            hints.append(runner.run(scenario).findings.first?.diagnostic.hint)
        }
        #expect(
            hints == [
                "find the order of events that breaks it with 'store-rehearsal explore', then fix the ViewModel",
                "find the order of events that breaks it with 'swift package --allow-writing-to-package-directory "
                    + "rehearsal explore', then fix the ViewModel",
            ])
    }

    @Test func eachRuleSaysWhatBrokeIt() throws {
        let outcome = try run(
            """
            {"never": {"state": "*"}, "after": {"input": "onTapSubtractButton"}},
            {"each": {"input": "onTapAddButton"}, "after": {"state": "state", "length": 5}},
            {"count": {"input": "onTapAddButton"}, "atMost": 1},
            {"description": "the counter shows a value", "final": {"output": "state"}, "length": 1}
            """)
        #expect(
            outcome.findings.map(\.diagnostic.message) == [
                "property 0 does not hold: no state of any name after the first input 'onTapSubtractButton': "
                    + "state 'state' at 0.200s (event 6)",
                "property 1 does not hold: every input 'onTapAddButton' comes after a state 'state' with 5 elements: "
                    + "input 'onTapAddButton' at 0.000s (event 1) came and no state 'state' with 5 elements was recorded "
                    + "at all",
                "property 2 does not hold: input 'onTapAddButton' happens at most 1 time: it happened 2 times",
                "property 3 does not hold: the counter shows a value: no output 'state' was recorded",
            ])
    }

    @Test func anAnswerReferenceComparesWithTheScriptedAnswerOfACall() throws {
        // Given the crossing search in its default order: the last call's answer is what shows
        let scenario = """
            {"viewModel": "SearchFlatMap", "mocks": {"SearchRepository.search": [
              {"after": "450ms", "when": {"query": "swift"}, "return": {"$file": "Mocks/search/swift.json"}},
              {"after": "150ms", "when": {"query": "combine"}, "return": {"$file": "Mocks/search/combine.json"}}]},
             "steps": [{"send": "query", "value": "swift"}, {"at": "400ms", "send": "query", "value": "combine"}],
             "properties": [
               {"final": "results", "equals": {"$answer": "SearchRepository.search"}},
               {"final": "results", "equals": {"$answer": "SearchRepository.search", "call": 0}},
               {"final": "results", "equals": {"$answer": "SearchRepository.search", "call": 2}}]}
            """
        let outcome = try runInline(scenario, catalog: exampleCatalog)
        #expect(outcome.findings.compactMap(\.property) == [1, 2])
        #expect(
            outcome.findings.last?.diagnostic.message.hasSuffix(
                "but SearchRepository.search was called 2 times") == true)
    }

    @Test func aKnownIssueExpectsItsPropertiesToFail() throws {
        // Given a failing property in a scenario that says it reproduces a known issue: a note, and it passes
        let known = try run(#"{"final": "state", "equals": {"count": 2}}"#, knownIssue: "subtract is wrong")
        #expect(known.status == .passed)
        #expect(
            known.notes.first?.diagnostic.message
                == "known issue (subtract is wrong): property 0 does not hold: the final value of 'state' equals "
                + "{\"count\": 2}: it is {\"count\": 1} (at 0.200s, event 6), expected {\"count\": 2}")
        // Given every property holding: the known issue is gone, and the scenario fails to say so
        let fixed = try run(#"{"final": "state", "equals": {"count": 1}}"#, knownIssue: "subtract is wrong")
        #expect(
            fixed.findings.map(\.diagnostic.message) == [
                "the known issue no longer reproduces: every property holds (subtract is wrong)"
            ])
    }
}
