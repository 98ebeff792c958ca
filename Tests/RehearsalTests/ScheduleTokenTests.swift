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
