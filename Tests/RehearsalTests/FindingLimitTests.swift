import Rehearsal
import ScenarioJSON
import Testing

/// Text for people shows at most `perKind` findings of one kind in full, then one line per kind counting the rest
/// and saying where they are; every finding stays in the outcome.
@Suite struct FindingLimitTests {
    static func finding(_ kind: Finding.Kind, _ path: String?, line: Int?) -> Finding {
        Finding(
            kind,
            Diagnostic(
                location: path.map { SourceLocation(path: $0, line: line, column: line == nil ? nil : 3) },
                message: "\(kind) at \(line ?? 0)"))
    }

    @Test func eachKindIsLimitedOnItsOwnAndCountedWhereItIs() {
        // Given 5 end checks and 4 mistakes in the file, interleaved, over two files and one without a line
        let findings = [
            Self.finding(.endCheck, "a.json", line: 10), Self.finding(.invalid, "a.json", line: 2),
            Self.finding(.endCheck, "a.json", line: 11), Self.finding(.invalid, "Mocks/b.json", line: 7),
            Self.finding(.endCheck, "a.json", line: 30), Self.finding(.invalid, "Mocks/b.json", line: 4),
            Self.finding(.endCheck, "Mocks/c.json", line: 1), Self.finding(.invalid, "d.json", line: nil),
            Self.finding(.endCheck, "a.json", line: 12),
        ]
        // When at most two of a kind are shown
        let (shown, rest) = FindingLimit(perKind: 2, elsewhere: "the JSON report lists every one").summarise(findings)
        // Then the first two of each kind keep their order, and one line per kind counts the rest by file and lines
        #expect(
            shown.map(\.diagnostic.message) == ["endCheck at 10", "invalid at 2", "endCheck at 11", "invalid at 7"])
        #expect(
            rest == [
                "… and 3 more end-check findings, at a.json lines 12–30, Mocks/c.json line 1 (the JSON report lists "
                    + "every one)",
                "… and 2 more mistakes in the file, at Mocks/b.json line 4, d.json (the JSON report lists every one)",
            ])
    }

    @Test func aFileOverTheNamedLimitIsCountedAsMoreFiles() {
        // Given 1 + 5 findings of one kind, each in its own file, and one with no location at all
        let findings =
            (0..<6).map { Self.finding(.mock, "f\($0).json", line: 1) } + [Self.finding(.mock, nil, line: nil)]
        // When one is shown
        let (shown, rest) = FindingLimit(perKind: 1).summarise(findings)
        // Then three files are named and the others counted
        #expect(shown.count == 1)
        #expect(
            rest == ["… and 6 more mock findings, at f1.json line 1, f2.json line 1, f3.json line 1 and 2 more files"])
    }

    @Test func aFewFindingsAreShownWholeAndTheTextWithoutALimitShowsEveryOne() {
        // Given an outcome with 25 unused responses
        let outcome = ScenarioOutcome(
            name: "a", path: "a.json", status: .failed,
            findings: (0..<25).map { Self.finding(.endCheck, "a.json", line: $0 + 1) })
        // Then its text shows 20 and a counting line; without a limit, all 25; and 20 or fewer need no line
        #expect(outcome.text.split(separator: "\n").count == 21)
        #expect(outcome.text.hasSuffix("\n… and 5 more end-check findings, at a.json lines 21–25"))
        #expect(outcome.text(nil).split(separator: "\n").count == 25)
        #expect(FindingLimit.standard.summarise(Array(outcome.findings.prefix(20))).rest.isEmpty)
    }
}
