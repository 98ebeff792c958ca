import Rehearsal

/// Prints each non-passing scenario's full message and diff, where each report file was written, then a summary
/// line; `quiet`, only where the files were written and the summary line.
///
/// On a terminal it also keeps a progress line up to date; colour is used only on a terminal and never when
/// `NO_COLOR` is set.
final class ConsoleReporter: Reporter {
    private let write: (String) -> Void
    private let isTerminal: Bool
    private let colour: Bool
    private let quiet: Bool
    /// For `validate`: where each file's problems go (stderr); the summary is a count of valid files.
    private let problems: ((String) -> Void)?

    init(
        write: @escaping (String) -> Void, isTerminal: Bool, environment: [String: String], quiet: Bool = false,
        problems: ((String) -> Void)? = nil
    ) {
        self.write = write
        self.isTerminal = isTerminal
        self.quiet = quiet
        self.problems = problems
        colour = isTerminal && environment["NO_COLOR"] == nil
    }

    func progress(_ outcome: ScenarioOutcome, done: Int, total: Int) {
        guard isTerminal else { return }
        let name = outcome.name.count > 60 ? "…" + outcome.name.suffix(59) : outcome.name
        write("\r\u{1B}[2K[\(done)/\(total)] \(name)" + (done == total ? "\r\u{1B}[2K" : ""))
    }

    func finish(_ report: RunReport) throws(ReportWriteError) {
        if let problems {
            finishValidation(report, problems: problems)
            return
        }
        let summary = paint(report.summaryLine, report.exitCode == 0 ? .passed : .failed)
        guard !quiet else {
            write((report.writtenReports + [summary]).joined(separator: "\n") + "\n")
            return
        }
        var lines: [String] = []
        for outcome in report.outcomes where outcome.status == .passed {
            guard let exploration = outcome.exploration else { continue }
            lines.append(paint("PASS", .passed) + " \(outcome.name): \(exploration.statement)")
        }
        for outcome in report.outcomes
        where outcome.status != .passed || (!outcome.notes.isEmpty && outcome.exploration == nil) {
            lines.append(paint(tag(outcome.status), outcome.status) + " \(outcome.name) (\(outcome.path))")
            if outcome.status == .passed {
                // A passing scenario's notes (a `"strict": false` scenario's end checks): each once, as a note.
                let (shown, rest) = FindingLimit.reports.summarise(outcome.notes)
                lines += shown.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
                lines += rest.map { "  " + $0 }
                continue
            }
            if outcome.status == .recorded {
                lines += outcome.notes.map { "  \($0.diagnostic.headline)" }
                continue
            }
            if outcome.status == .flaky {
                lines.append("  failed, then passed on attempt \(outcome.attempts); the first failure was:")
            }
            let text = outcome.text(FindingLimit.reports)
            if !text.isEmpty { lines.append(text) }
        }
        lines += report.notes.map(\.description)
        if !report.obsoleteGoldens.isEmpty {
            let verb = report.strict ? "error" : "warning"
            lines.append("\(verb): \(report.obsoleteGoldens.count) obsolete golden(s) without a scenario file:")
            lines += report.obsoleteGoldens.map { "  \($0)" }
            lines.append("  hint: run '\(report.advice.command("prune"))' to remove them")
        }
        if report.ci.isCI, report.count(.recorded) > 0 {
            lines.append("error: goldens were recorded under CI; nobody has reviewed them")
            lines.append(
                "  hint: record locally with '\(report.advice.command("record"))', review the goldens and commit them")
        }
        lines += report.writtenReports
        lines.append(summary)
        write(lines.joined(separator: "\n") + "\n")
    }

    /// `validate`'s report: each file's problems on `problems`, then the notes about the run, where the reports
    /// were written and `validated 3 scenarios: 2 valid, 1 invalid`.
    private func finishValidation(_ report: RunReport, problems: (String) -> Void) {
        let total = report.outcomes.count
        let invalid = report.outcomes.count(where: \.isFailure)
        if !quiet {
            for outcome in report.outcomes where !outcome.findings.isEmpty {
                problems(outcome.text(FindingLimit.reports))
            }
        }
        let interrupted = report.interruption.map { " (interrupted by \(SignalName.short($0)))" } ?? ""
        let summary =
            "validated \(total) scenario\(total == 1 ? "" : "s"): \(total - invalid) valid, \(invalid) invalid"
        var lines = quiet ? [] : report.notes.map(\.description)
        lines += report.writtenReports
        lines.append(paint(summary + interrupted, report.exitCode == 0 ? .passed : .failed))
        write(lines.joined(separator: "\n") + "\n")
    }

    private func tag(_ status: ScenarioOutcome.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .recorded: "RECORDED"
        case .flaky: "FLAKY"
        case .crashed: "CRASHED"
        case .timedOut: "TIMED OUT"
        }
    }

    private func paint(_ text: String, _ status: ScenarioOutcome.Status) -> String {
        guard colour else { return text }
        let code =
            switch status {
            case .passed: "32"
            case .recorded: "36"
            case .flaky: "33"
            case .failed, .crashed, .timedOut: "31"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
