import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// The record modes, run on real scenarios in a temporary project.
final class GoldenCheckTests: XCTestCase {
    private static let peopleGolden = """
        {"version": 3, "scenario": "people", "events": [
          {"at": "0.000s", "input": "load", "value": 1},
          {"at": "0.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}},
          {"at": "0.300s", "response": "PeopleRepository.fetchPeople", "index": 0},
          {"at": "0.300s", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee"}]},
          {"at": "1.000s", "input": "load", "value": 2},
          {"at": "1.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 2}},
          {"at": "1.200s", "response": "PeopleRepository.fetchPeople", "index": 1},
          {"at": "1.200s", "output": "people", "value": [{"id": 3, "name": "Park"}]}
        ]}

        """

    private static let renamedMismatch = """
        First divergence at 0.300s, caused by step 0 (Scenarios/people.json:11): output "people" changed.

          … 1 unchanged
        @@ step 0 (Scenarios/people.json:11) @@
          {"at": "0.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}}
          {"at": "0.300s", "response": "PeopleRepository.fetchPeople", "index": 0}
        ~ {"at": "0.300s", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee"}]}
            value[1].name: - "Lee" + "Li"
          {"at": "1.000s", "input": "load", "value": 2}
          {"at": "1.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 2}}
          … 2 unchanged
        """

    /// A project with the fixture scenarios `people`, `unaffected` and `broken` under `Scenarios/`.
    private func project() throws -> ScenarioSandbox {
        let sandbox = try ScenarioSandbox()
        for name in ["people", "unaffected", "broken"] {
            try sandbox.copyFixture("Goldens/\(name).json", to: "Scenarios/\(name).json")
        }
        return sandbox
    }

    private func check(_ sandbox: ScenarioSandbox, _ path: String, _ mode: RecordMode) -> ScenarioOutcome {
        GoldenCheck(store: GoldenStore(root: sandbox.root), mode: mode).check(sandbox.run(path))
    }

    /// Status, what was written, and what the golden check found (its findings and notes, then the diff), in one
    /// value, to assert an outcome at once.
    private func summary(_ outcome: ScenarioOutcome) -> String {
        let golden = (outcome.findings + outcome.notes).filter { $0.kind == .golden }.map(\.description)
        let diff = outcome.status == .failed ? outcome.golden?.mismatch.map { [$0.details] } ?? [] : []
        return "\(outcome.status) golden:\(outcome.golden?.written ?? false) "
            + "artifact:\(outcome.golden?.artifactPath != nil)\n" + (golden + diff).joined(separator: "\n")
    }

    func testNeverFailsOnAMissingGoldenAndWritesNothing() throws {
        let sandbox = try project()
        let before = sandbox.listing()
        let verdict = check(sandbox, "Scenarios/people.json", .never)
        XCTAssertEqual(
            summary(verdict),
            """
            failed golden:false artifact:false
            Scenarios/people.json:1: error: no golden timeline at Scenarios/people.timeline.json
              hint: record it with 'rehearsal record Scenarios/people.json', review it and commit it
            """)
        XCTAssertEqual(sandbox.listing(), before)
    }

    func testMissingRecordsOnlyTheMissingGoldenThenPasses() throws {
        // Given no goldens
        let sandbox = try project()
        var expected = sandbox.listing()
        // When people runs with --record missing, twice
        let first = check(sandbox, "Scenarios/people.json", .missing)
        let second = check(sandbox, "Scenarios/people.json", .missing)
        // Then the first run recorded exactly its own golden and the second one passed
        XCTAssertEqual(
            summary(first),
            """
            recorded golden:true artifact:false
            Scenarios/people.timeline.json: note: recorded a new golden timeline; review it and commit it
            """)
        XCTAssertEqual(summary(second), "passed golden:false artifact:false\n")
        expected["Scenarios/people.timeline.json"] = Self.peopleGolden
        XCTAssertEqual(sandbox.listing(), expected)
    }

    func testMismatchFailsWithADiffKeepsTheArtifactAndAcceptPromotesIt() throws {
        // Given a recorded golden, and a scenario whose mock now answers "Li"
        let sandbox = try project()
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .missing).status, .recorded)
        try sandbox.edit("Scenarios/people.json", replacing: #""Lee""#, with: #""Li""#)
        // When it runs with --record missing
        let verdict = check(sandbox, "Scenarios/people.json", .missing)
        // Then it fails with the diff, the golden is untouched and the actual timeline is kept
        XCTAssertEqual(
            summary(verdict),
            """
            failed golden:false artifact:true
            Scenarios/people.json:11:5: error: timeline differs from the golden Scenarios/people.timeline.json \
            (compare: exact): 1 event changed
              hint: fix the ViewModel if the difference is a regression; if it is intended, run 'rehearsal accept \
            Scenarios/people.json' (the run's timeline is kept at .rehearsal/artifacts/Scenarios/people.timeline.json), \
            or 'rehearsal run --record failed Scenarios/people.json'
            \(Self.renamedMismatch)
            """)
        XCTAssertEqual(
            verdict.golden?.mismatch?.firstDivergence.step,
            StepReference(index: 0, location: SourceLocation(path: "Scenarios/people.json", line: 11, column: 5)))
        XCTAssertEqual(verdict.findings.map(\.step?.index), [0])
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), Self.peopleGolden)
        let renamed = Self.peopleGolden.replacingOccurrences(of: #""Lee""#, with: #""Li""#)
        XCTAssertEqual(sandbox.read(".rehearsal/artifacts/Scenarios/people.timeline.json"), renamed)
        // When the artifact is accepted, without running again
        let store = GoldenStore(root: sandbox.root)
        XCTAssertEqual(try store.acceptArtifacts(nil), ["Scenarios/people.timeline.json"])
        // Then it is the golden, and the scenario passes in CI mode
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), renamed)
        XCTAssertEqual(store.artifacts(), [])
        XCTAssertEqual(summary(check(sandbox, "Scenarios/people.json", .never)), "passed golden:false artifact:false\n")
    }

    func testAPassingRunDropsItsStaleArtifact() throws {
        // Given a kept artifact from a mismatching run
        let sandbox = try project()
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .missing).status, .recorded)
        try sandbox.edit("Scenarios/people.json", replacing: #""Lee""#, with: #""Li""#)
        XCTAssertNotNil(check(sandbox, "Scenarios/people.json", .never).golden?.artifactPath)
        // When the scenario matches its golden again
        try sandbox.edit("Scenarios/people.json", replacing: #""Li""#, with: #""Lee""#)
        let verdict = check(sandbox, "Scenarios/people.json", .never)
        // Then the artifact is gone, so a later accept cannot bring the stale timeline back
        XCTAssertEqual(summary(verdict), "passed golden:false artifact:false\n")
        XCTAssertEqual(GoldenStore(root: sandbox.root).artifacts(), [])
        XCTAssertNil(sandbox.read(".rehearsal/artifacts/Scenarios/people.timeline.json"))
        XCTAssertEqual(sandbox.read(".rehearsal/artifacts/index.json"), "{\"artifacts\": []}\n")
    }

    func testFailedRewritesDifferingGoldensWritesMissingOnesAndLeavesMatchingOnes() throws {
        // Given goldens for both scenarios, then people's mock answers "Li" and unaffected's golden is removed
        let sandbox = try project()
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .missing).status, .recorded)
        XCTAssertEqual(check(sandbox, "Scenarios/unaffected.json", .missing).status, .recorded)
        let unaffectedGolden = sandbox.read("Scenarios/unaffected.timeline.json")
        try sandbox.edit("Scenarios/people.json", replacing: #""Lee""#, with: #""Li""#)
        try FileManager.default.removeItem(atPath: sandbox.root + "/Scenarios/unaffected.timeline.json")
        // When both run with --record failed, then people again
        let people = check(sandbox, "Scenarios/people.json", .failed)
        let unaffected = check(sandbox, "Scenarios/unaffected.json", .failed)
        let again = check(sandbox, "Scenarios/people.json", .failed)
        // Then people's golden was rewritten (the outcome keeps what changed), unaffected's written back the same
        XCTAssertEqual(
            summary(people),
            """
            recorded golden:true artifact:false
            Scenarios/people.timeline.json: note: re-recorded the golden timeline, which differed
            """)
        XCTAssertEqual(people.golden?.mismatch?.details, Self.renamedMismatch)
        XCTAssertEqual(
            summary(unaffected),
            """
            recorded golden:true artifact:false
            Scenarios/unaffected.timeline.json: note: recorded a new golden timeline; review it and commit it
            """)
        XCTAssertEqual(summary(again), "passed golden:false artifact:false\n")
        XCTAssertEqual(
            sandbox.read("Scenarios/people.timeline.json"),
            Self.peopleGolden.replacingOccurrences(of: #""Lee""#, with: #""Li""#))
        XCTAssertEqual(sandbox.read("Scenarios/unaffected.timeline.json"), unaffectedGolden)
    }

    func testAllRewritesGoldensWhoseBytesDifferOnly() throws {
        // Given people's golden with the same events laid out differently, and unaffected's canonical golden
        let sandbox = try project()
        XCTAssertEqual(check(sandbox, "Scenarios/unaffected.json", .missing).status, .recorded)
        let reformatted = Self.peopleGolden.replacingOccurrences(of: "\n  ", with: "\n    ")
        try sandbox.write(reformatted, to: "Scenarios/people.timeline.json")
        // When both run with --record all
        let people = check(sandbox, "Scenarios/people.json", .all)
        let unaffected = check(sandbox, "Scenarios/unaffected.json", .all)
        // Then the reformatted golden was rewritten canonically (it matched, so no mismatch) and the other passed
        XCTAssertEqual(
            summary(people),
            """
            recorded golden:true artifact:false
            Scenarios/people.timeline.json: note: re-recorded the golden timeline
            """)
        XCTAssertNil(people.golden?.mismatch)
        XCTAssertEqual(summary(unaffected), "passed golden:false artifact:false\n")
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), Self.peopleGolden)
    }

    func testAFormatOneGoldenStillPassesAndRecordRewritesItInFormatThree() throws {
        // Given people's golden in timeline format 1 (the same events, numbered by seq)
        let sandbox = try project()
        var number = 0
        let v1 = Self.peopleGolden.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("  {\"at\": ") else { return String(line) }
            defer { number += 1 }
            let at = line.firstRange(of: "\", ")!.upperBound
            return String(line[..<at]) + "\"seq\": \(number), " + line[at...]
        }.joined(separator: "\n").replacingOccurrences(of: "{\"version\": 3, ", with: "{")
        try sandbox.write(v1, to: "Scenarios/people.timeline.json")
        // When it runs with --record missing, then with --record all
        let missing = check(sandbox, "Scenarios/people.json", .missing)
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), v1)
        let all = check(sandbox, "Scenarios/people.json", .all)
        // Then it passes as it is (known to be format 1), and recording rewrites it in format 3 without a mismatch
        XCTAssertEqual(summary(missing), "passed golden:false artifact:false\n")
        XCTAssertEqual(missing.golden?.format, .v1)
        XCTAssertEqual(
            summary(all),
            """
            recorded golden:true artifact:false
            Scenarios/people.timeline.json: note: re-recorded the golden timeline in format 3 (the same events; it was format 1)
            """)
        XCTAssertNil(all.golden?.mismatch)
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), Self.peopleGolden)
    }

    func testAFailedRunWritesNothingInAnyMode() throws {
        let sandbox = try project()
        let before = sandbox.listing()
        for mode in RecordMode.allCases {
            let outcome = check(sandbox, "Scenarios/broken.json", mode)
            // The run's own two findings fail it; the golden is neither compared nor written.
            XCTAssertEqual(summary(outcome), "failed golden:false artifact:false\n", "\(mode)")
            XCTAssertEqual(outcome.findings.map(\.kind), [.invalid, .endCheck], "\(mode)")
            XCTAssertNil(outcome.golden?.mismatch, "\(mode)")
        }
        XCTAssertEqual(sandbox.listing(), before)
    }

    func testUnreadableGoldenFailsOrIsRewrittenByFailed() throws {
        let sandbox = try project()
        try sandbox.write(
            "{\"version\": 3, \"scenario\": \"people\", \"events\": [\n  {\"at\": \"0ms\"}\n]}\n",
            to: "Scenarios/people.timeline.json")
        let missing = check(sandbox, "Scenarios/people.json", .missing)
        XCTAssertEqual(
            summary(missing),
            """
            failed golden:false artifact:false
            Scenarios/people.timeline.json:2:3: error: expected what happened after 'at' (e.g. "output": …), found nothing
              {"at": "0ms"}
              ^
              hint: fix the file, or re-record it with --record all
            """)
        let failed = check(sandbox, "Scenarios/people.json", .failed)
        XCTAssertEqual(failed.status, .recorded)
        XCTAssertEqual(sandbox.read("Scenarios/people.timeline.json"), Self.peopleGolden)
    }

    func testCompareOrderIgnoresTimesButNotEvents() throws {
        // Given a golden recorded with "compare": "order"
        let sandbox = try project()
        try sandbox.edit(
            "Scenarios/people.json", replacing: #""until": "2s""#, with: #""until": "2s", "compare": "order""#)
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .missing).status, .recorded)
        // When the first page arrives 100 ms later, it still passes
        try sandbox.edit("Scenarios/people.json", replacing: #""after": "300ms""#, with: #""after": "400ms""#)
        XCTAssertEqual(summary(check(sandbox, "Scenarios/people.json", .never)), "passed golden:false artifact:false\n")
        // But a changed value fails, and the diff says the comparison ignored times
        try sandbox.edit("Scenarios/people.json", replacing: #""Park""#, with: #""Pak""#)
        let verdict = check(sandbox, "Scenarios/people.json", .never)
        XCTAssertEqual(verdict.status, .failed)
        XCTAssertEqual(
            verdict.golden?.mismatch?.rendered,
            """
            Timeline differs from the golden Scenarios/people.timeline.json (compare: order): 1 event changed.
            First divergence at 1.200s, caused by step 1 (Scenarios/people.json:12): output "people" changed.

              … 5 unchanged
            @@ step 1 (Scenarios/people.json:12) @@
              {"at": "1.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 2}}
              {"at": "1.200s", "response": "PeopleRepository.fetchPeople", "index": 1}
            ~ {"at": "1.200s", "output": "people", "value": [{"id": 3, "name": "Park"}]}
                value[0].name: - "Park" + "Pak"
            """)
        // And the same time shift fails under the default exact comparison
        try sandbox.edit("Scenarios/people.json", replacing: #", "compare": "order""#, with: "")
        try sandbox.edit("Scenarios/people.json", replacing: #""Pak""#, with: #""Park""#)
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .never).golden?.mismatch?.firstDivergence.index, 2)
    }

    /// A golden is recorded only from a run whose script answered every call: once the scenario has one, a call no
    /// response answers may be the ViewModel's regression, and the hint says so before it says how to change the script.
    func testAScriptThatNoLongerFitsAScenarioWithAGoldenNamesBothWaysOut() throws {
        // Given people's golden, and then page 2's response scripted for page 3
        let sandbox = try project()
        XCTAssertEqual(check(sandbox, "Scenarios/people.json", .missing).status, .recorded)
        try sandbox.edit("Scenarios/people.json", replacing: #""page": 2 }"#, with: #""page": 3 }"#)
        // When it is checked with its golden
        let runner = ScenarioRunner(catalog: goldenTestCatalog, loader: ScenarioLoader(root: sandbox.root))
        let outcome = GoldenCheck(store: GoldenStore(root: sandbox.root)).check(
            file: "Scenarios/people.json", with: runner)
        // Then the call's hint names both ways out
        XCTAssertEqual(
            outcome.findings.map(\.description),
            [
                """
                Scenarios/people.json:12:5: error: no scripted response for PeopleRepository.fetchPeople matches \
                {"page": 2}: response 1 wants page = 3, the call has 2 (call made by step 1 at 1.000s)
                    { "at": "1s", "send": "load", "value": 2 }
                    ^
                  mock key: Scenarios/people.json:5:5
                  hint: fix the ViewModel if calling PeopleRepository.fetchPeople with these arguments is a regression \
                (the script fitted it when the golden was recorded, unless the scenario changed since); if it is \
                intended, change the response's 'when', or add a response for these arguments, then run 'rehearsal \
                record Scenarios/people.json'
                """,
                """
                Scenarios/people.json:7:7: error: scripted response 1 for PeopleRepository.fetchPeople was not used \
                (1 use left)
                      { "after": "200ms", "when": { "page": 3 }, "return": [{ "id": 3, "name": "Park" }] }
                      ^
                  hint: see the call of PeopleRepository.fetchPeople reported above, which no response matched: fix \
                the call's arguments or this response's 'when'
                """,
            ])
        // And under `swift test` the recording again takes the failing scenarios only, as a differing golden's hint
        var testing = runner
        testing.advice = RecordAdvice(tool: .swiftTest)
        let underTest = GoldenCheck(store: GoldenStore(root: sandbox.root)).check(
            file: "Scenarios/people.json", with: testing)
        let hint = underTest.findings.first?.diagnostic.hint ?? ""
        XCTAssertTrue(hint.hasSuffix(", then run 'REHEARSAL_RECORD=failed swift test'"), hint)
    }
}
