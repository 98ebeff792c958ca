import Rehearsal
import ScenarioJSON
import Testing

/// Replay tokens: text that names one schedule of one version of a scenario.
@Suite struct ScheduleTokenTests {
    @Test(arguments: ["x1.5f3a9c21", "x1.5f3a9c21.4-2.11-1", "x1.0000000a.random-7-42", "x1.ffffffff.pct3-1-2"])
    func aTokenReadsBackAsItsText(_ text: String) throws {
        #expect(try ScheduleToken(parsing: text).description == text)
    }

    @Test func aTokenListsTheNonDefaultChoicesByPosition() throws {
        let token = try ScheduleToken(parsing: "x1.5f3a9c21.4-2.11-1")
        #expect(token.fingerprint == 0x5f3a_9c21)
        #expect(
            token.plan
                == .choices([
                    ScheduleToken.Deviation(position: 4, option: 2), ScheduleToken.Deviation(position: 11, option: 1),
                ]))
    }

    @Test(arguments: ["", "x2.5f3a9c21", "x1.5f3a9c2", "x1.5f3a9c21.4", "x1.5f3a9c21.4-0", "x1.5f3a9c21.9-1.4-1"])
    func aMalformedTokenSaysWhatATokenLooksLike(_ text: String) {
        let error = #expect(throws: JSONError.self) { try ScheduleToken(parsing: text) }
        #expect(
            error?.message == "expected a replay token such as x1.5f3a9c21.4-2.11-1, found \(JSONWriter.quoted(text))")
        #expect(error?.hint == "copy the token that explore printed on its 'replay:' line")
    }

    /// Found by `make fuzz` (fuzz-token): `UInt32(_:radix:)` and `Int(_:)` also read uppercase digits, a sign and
    /// leading zeros, so one schedule had several texts, and a token did not render back to what was given.
    @Test(arguments: [
        "x1.5F3A9C21", "x1.5f3a9c21.+4-2", "x1.5f3a9c21.04-2", "x1.5f3a9c21.4-02", "x1.5f3a9c21.pct03-7-42",
        "x1.5f3a9c21.random-+7-42", "x1.5f3a9c21.random-7-042", "x1.5f3a9c21.4-2.11-+1", "x1.+f3a9c21",
    ])
    func aTokenIsReadOnlyAsExploreWritesIt(_ text: String) {
        // Given a token whose numbers are written otherwise than explore writes them
        // When it is read
        let error = #expect(throws: JSONError.self) { try ScheduleToken(parsing: text) }
        // Then it is refused with the message that shows what a token looks like
        #expect(
            error?.message == "expected a replay token such as x1.5f3a9c21.4-2.11-1, found \(JSONWriter.quoted(text))")
        #expect(error?.hint == "copy the token that explore printed on its 'replay:' line")
    }

    @Test func theFingerprintIgnoresWordsButNotWhatRuns() throws {
        func fingerprint(_ text: String) throws -> UInt32 {
            let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "a.json")
            return try ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: "a").fingerprint
        }
        let base = try fingerprint(#"{"viewModel": "Counter", "steps": [{"send": "onTapAddButton"}]}"#)
        let described = try fingerprint(
            #"{"description": "x", "knownIssue": "y", "viewModel": "Counter", "steps": [{"send": "onTapAddButton"}]}"#)
        let later = try fingerprint(#"{"viewModel": "Counter", "steps": [{"at": "1s", "send": "onTapAddButton"}]}"#)
        #expect(base == described)
        #expect(base != later)
    }
}
