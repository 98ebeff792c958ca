import Foundation
import Rehearsal

/// Writes a run's results somewhere: the console, a file, GitHub's log.
protocol Reporter {
    /// Called as each scenario finishes (any order); `done` of `total`.
    func progress(_ outcome: ScenarioOutcome, done: Int, total: Int)
    /// Called once with the whole run.
    /// - Throws: ``ReportWriteError`` when a file cannot be written.
    func finish(_ report: RunReport) throws(ReportWriteError)
}

extension Reporter {
    func progress(_ outcome: ScenarioOutcome, done: Int, total: Int) {}
}

extension FindingLimit {
    /// What the reports for people show of a flood: 20 findings of one kind per scenario in full, then a line counting
    /// the rest; the files machines read (`--reporter json`, JUnit) keep every finding.
    static let reports = FindingLimit(perKind: 20, elsewhere: "--reporter json or junit lists every one")
}

/// A report file that could not be written, with the reporter it was for.
struct ReportWriteError: Error, CustomStringConvertible {
    /// The reporter (`json`, `junit`, `html`…).
    var reporter: String
    /// What failed.
    var file: FileError

    /// `results.json: error: could not write the json report: Permission denied (EACCES)` with its hint.
    var description: String {
        var diagnostic = file.diagnostic
        diagnostic.message = "could not write the \(reporter) report: " + diagnostic.message
        return diagnostic.description
    }
}

/// Writes `text` to `path` atomically (the package's one atomic-write path), creating folders as needed.
func writeReportFile(_ text: String, to path: String, reporter: String) throws(ReportWriteError) {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    do {
        try AtomicFile().write(Array(text.utf8), to: full, shownPath: path)
    } catch {
        throw ReportWriteError(reporter: reporter, file: error)
    }
}
