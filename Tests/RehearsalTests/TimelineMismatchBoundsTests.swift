import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// A diff for people stays bounded whatever the golden's size: the first 100 changed events, each line at most 500
/// characters, then a line counting the rest (a 10 MB golden's diff printed 13.6 MB). The golden and the kept
/// timeline hold every event.
@Suite struct TimelineMismatchBoundsTests {
    @Test func aThousandChangedEventsShowTheFirstHundredThenACount() throws {
        // Given a golden and a run whose 1,000 outputs all differ
        let golden = Timeline(
            scenario: "many",
            events: try (0..<1_000).map { try event(Int64($0), $0, #"{"output": "n", "value": \#($0)}"#) })
        let run = Timeline(
            scenario: "many",
            events: try (0..<1_000).map { try event(Int64($0), $0, #"{"output": "n", "value": \#($0 + 1_000_000)}"#) })
        // When they are compared
        let mismatch = try #require(
            TimelineMismatch.compare(expected: golden, actual: run, comparison: .exact, goldenPath: "g", scenario: nil))
        // Then the hunks show 100 of them and count the 900 others
        let lines = mismatch.hunks.split(separator: "\n").map(String.init)
        #expect(lines.count { $0.hasPrefix("~ ") } == 100)
        #expect(lines.last == "… and 900 more changed events (the golden and the run's kept timeline hold them all)")
        #expect(mismatch.counts == "1000 events changed")
    }

    @Test func anEventOfAMegabyteIsCutToFiveHundredCharacters() throws {
        // Given one output whose value is a string of a million characters, changed at its end
        let big = String(repeating: "x", count: 1_000_000)
        let golden = Timeline(scenario: "big", events: [try event(0, 0, #"{"output": "text", "value": "\#(big)a"}"#)])
        let run = Timeline(scenario: "big", events: [try event(0, 0, #"{"output": "text", "value": "\#(big)b"}"#)])
        // When they are compared
        let mismatch = try #require(
            TimelineMismatch.compare(expected: golden, actual: run, comparison: .exact, goldenPath: "g", scenario: nil))
        // Then each line is cut, saying how much was left out, and the whole diff stays small
        let lines = mismatch.hunks.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 500 + 40 })
        let full = "~ " + golden.events[0].line
        #expect(
            lines.first { $0.hasPrefix("~ ") } == String(full.prefix(500)) + "… (\(full.count - 500) more characters)")
        #expect(mismatch.details.utf8.count < 2_000)
    }
}
