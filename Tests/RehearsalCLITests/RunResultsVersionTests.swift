import Foundation
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// JSON results carry their version; a file of another version, or one naming a timeline format this build does
/// not read, is refused with the versions this build reads, located in the file, instead of a raw decoding message.
@Suite struct RunResultsVersionTests {
    static func results(_ outcome: ScenarioOutcome) throws -> String {
        try RunResults(
            RunReport(
                outcomes: [outcome], obsoleteGoldens: [], strict: false, ci: .local, wallTime: 1, options: [],
                notes: [], interruption: nil)
        ).text()
    }

    static var outcome: ScenarioOutcome {
        var outcome = ScenarioOutcome(name: "a", path: "Scenarios/a.json", status: .passed)
        outcome.golden = GoldenComparison(goldenPath: "Scenarios/a.timeline.json")
        outcome.golden?.format = .v3
        return outcome
    }

    @Test func resultsWriteTheirVersionAndReadBack() throws {
        let text = try Self.results(Self.outcome)
        #expect(text.hasPrefix("{\n  \"version\": 1,\n"))
        #expect(try RunResults.read(Array(text.utf8), path: "r.json").scenarios.first?.golden?.format == .v3)
        // Results written before the version was named read as version 1
        let unnamed = text.replacingOccurrences(of: "  \"version\": 1,\n", with: "")
        #expect(try RunResults.read(Array(unnamed.utf8), path: "r.json").scenarios.count == 1)
    }

    @Test func anotherResultsVersionSaysWhichThisBuildReads() throws {
        let text = try Self.results(Self.outcome).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        let error = #expect(throws: JSONError.self) { try RunResults.read(Array(text.utf8), path: "r.json") }
        #expect(
            error?.description == """
                r.json:2:14: error: unsupported results version 2: this Rehearsal reads results version 1
                  "version": 2,
                             ^
                  hint: write the results again with this Rehearsal's --reporter json:PATH
                """)
    }

    @Test func aTimelineFormatThisBuildDoesNotReadSaysWhichItReads() throws {
        let text = try Self.results(Self.outcome).replacingOccurrences(of: "\"format\": 3", with: "\"format\": 99")
        let error = #expect(throws: JSONError.self) { try RunResults.read(Array(text.utf8), path: "r.json") }
        #expect(
            error?.headline.hasSuffix(
                "error: scenarios[0].golden.format: unsupported timeline format 99: this Rehearsal reads formats 1, 2 "
                    + "and 3") == true)
    }
}
