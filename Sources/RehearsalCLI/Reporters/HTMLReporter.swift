import Foundation

/// Writes the run as a self-contained HTML report, `index.html` in `directory` (see ``HTMLReport``).
struct HTMLReporter: Reporter {
    /// The folder the report goes in (created when missing).
    var directory: String
    /// The project root scenario files and goldens are read from.
    var root: String

    func finish(_ report: RunReport) throws(ReportWriteError) {
        let model = ReportAdapter(root: root, advice: report.advice).report(
            report.outcomes, summary: report.summaryLine, options: report.options.map(Report.Option.init))
        try writeReportFile(HTMLReport(model).page, to: Self.indexPath(in: directory), reporter: "html")
    }

    /// `DIR/index.html`.
    static func indexPath(in directory: String) -> String {
        directory.hasSuffix("/") ? directory + "index.html" : directory + "/index.html"
    }
}

/// Writes the run as a Chrome/Perfetto trace (see ``TraceWriter``).
struct TraceReporter: Reporter {
    var path: String
    var root: String

    func finish(_ report: RunReport) throws(ReportWriteError) {
        let model = ReportAdapter(root: root, advice: report.advice).report(
            report.outcomes, summary: report.summaryLine, options: report.options.map(Report.Option.init))
        try writeReportFile(TraceWriter(model).text, to: path, reporter: "trace")
    }
}

extension Report.Option {
    init(_ entry: RunSettings.Entry) {
        self.init(name: entry.name, value: entry.value)
    }
}
