/// Prints each non-passing scenario's full message and diff, then a summary line.
///
/// On a terminal it also keeps a progress line up to date; colour is used only on a terminal and never when
/// `NO_COLOR` is set.
final class ConsoleReporter: Reporter {
    private let write: (String) -> Void
    private let isTerminal: Bool
    private let colour: Bool

    init(write: @escaping (String) -> Void, isTerminal: Bool, environment: [String: String]) {
        self.write = write
        self.isTerminal = isTerminal
        colour = isTerminal && environment["NO_COLOR"] == nil
    }

    func progress(_ verdict: Verdict, done: Int, total: Int) {
        guard isTerminal else { return }
        let name = verdict.name.count > 60 ? "…" + verdict.name.suffix(59) : verdict.name
        write("\r\u{1B}[2K[\(done)/\(total)] \(name)" + (done == total ? "\r\u{1B}[2K" : ""))
    }

    func finish(_ report: RunReport) throws {
        var lines: [String] = []
        for verdict in report.verdicts where verdict.status != .passed {
            lines.append(paint(tag(verdict.status), verdict.status) + " \(verdict.name) (\(verdict.path))")
            if verdict.status == .recorded {
                lines += verdict.notes.map { "  \($0)" }
                continue
            }
            if verdict.status == .flaky {
                lines.append("  failed, then passed on attempt \(verdict.attempts); the first failure was:")
            }
            if !verdict.fullText.isEmpty { lines.append(verdict.fullText) }
        }
        if !report.obsoleteGoldens.isEmpty {
            let verb = report.strict ? "error" : "warning"
            lines.append("\(verb): \(report.obsoleteGoldens.count) obsolete golden(s) without a scenario file:")
            lines += report.obsoleteGoldens.map { "  \($0)" }
            lines.append("  hint: run 'rehearsal prune' to remove them")
        }
        if report.ci, report.count(.recorded) > 0 {
            lines.append("error: goldens were recorded under CI; nobody has reviewed them")
            lines.append("  hint: record locally with 'rehearsal record' and commit the goldens")
        }
        let summary = report.summaryLine
        lines.append(paint(summary, report.exitCode == 0 ? .passed : .failed))
        write(lines.joined(separator: "\n") + "\n")
    }

    private func tag(_ status: Verdict.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .recorded: "RECORDED"
        case .flaky: "FLAKY"
        case .crashed: "CRASHED"
        case .timedOut: "TIMED OUT"
        }
    }

    private func paint(_ text: String, _ status: Verdict.Status) -> String {
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
