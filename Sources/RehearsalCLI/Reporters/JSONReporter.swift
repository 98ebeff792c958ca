import Foundation

/// Writes the run as JSON for tools: a summary, every scenario's verdict, flaky scenarios and obsolete goldens.
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
    }

    func finish(_ report: RunReport) throws {
        try writeReportFile(Self.document(report), to: path)
    }

    static func document(_ report: RunReport) throws -> String {
        var counts: [String: Int] = [:]
        for status in Verdict.Status.allCases { counts[status.rawValue] = report.count(status) }
        let document = Document(
            summary: .init(
                total: report.verdicts.count, counts: counts, exitCode: report.exitCode, wallTime: report.wallTime),
            scenarios: report.verdicts, flaky: report.verdicts.filter { $0.status == .flaky }.map(\.name),
            obsoleteGoldens: report.obsoleteGoldens)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
