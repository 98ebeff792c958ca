import Foundation
import ScenarioJSON

/// Writes the run as JSON for tools: a summary, every scenario's verdict (with its timeline), flaky scenarios and
/// obsolete goldens. `rehearsal report` reads these files back to build the HTML report.
struct JSONReporter: Reporter {
    var path: String

    struct Document: Codable, Equatable {
        struct Summary: Codable, Equatable {
            var total: Int
            var counts: [String: Int]
            var exitCode: Int32
            var wallTime: Double
        }

        var summary: Summary
        var scenarios: [Verdict]
        var flaky: [String]
        var obsoleteGoldens: [String]
        /// The run's options (`rehearsal report` lists them).
        var options: [RunOptions.Entry]?
    }

    func finish(_ report: RunReport) throws {
        try writeReportFile(Self.document(report), to: path)
    }

    static func document(_ report: RunReport) throws -> String {
        var counts: [String: Int] = [:]
        for status in Verdict.Status.allCases { counts[status.rawValue] = report.count(status) }
        // Wall times to the microsecond: more digits say nothing, and this keeps every number short.
        let document = Document(
            summary: .init(
                total: report.verdicts.count, counts: counts, exitCode: report.exitCode,
                wallTime: Self.microseconds(report.wallTime)),
            scenarios: report.verdicts.map {
                var verdict = $0
                verdict.duration = Self.microseconds(verdict.duration)
                return verdict
            }, flaky: report.verdicts.filter { $0.status == .flaky }.map(\.name),
            obsoleteGoldens: report.obsoleteGoldens, options: report.options)
        // ScenarioJSON's encoder keeps the members of timeline events in order (and sorts dictionaries).
        return JSONWriter(style: .pretty).string(try JSONValueEncoder().encode(document)) + "\n"
    }

    /// `seconds` rounded to the microsecond.
    static func microseconds(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }

    /// Reads a document this reporter wrote.
    /// - Throws: `JSONError` located in the file, or a decoding error naming the member that does not fit.
    static func read(_ bytes: [UInt8], path: String) throws -> Document {
        let parsed = try JSONParser().parse(bytes: bytes, path: path)
        return try JSONValueDecoder().decode(Document.self, from: parsed.root)
    }
}
