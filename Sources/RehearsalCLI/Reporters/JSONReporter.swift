import Rehearsal

/// Writes the run's ``RunResults`` as JSON for tools; `rehearsal report` reads these files back.
struct JSONReporter: Reporter {
    var path: String

    func finish(_ report: RunReport) throws(ReportWriteError) {
        let text: String
        do {
            text = try RunResults(report).text()
        } catch {
            throw ReportWriteError(
                reporter: "json",
                file: FileError(operation: .write, path: path, code: 0, reason: "the results do not encode: \(error)"))
        }
        try writeReportFile(text, to: path, reporter: "json")
    }
}
