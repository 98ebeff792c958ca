import Foundation
import Rehearsal

/// Writes a Markdown summary for `$GITHUB_STEP_SUMMARY`: a table of the scenarios that did not simply pass, and
/// each failure's diff in a ```` ```diff ```` block, cut off safely below GitHub's 1 MiB limit with a note.
struct MarkdownReporter: Reporter {
    /// GitHub rejects step summaries over 1 MiB; stay well below it.
    static let defaultLimit = 1_000_000
    var path: String
    var limit = defaultLimit
    /// Appends instead of replacing, as GitHub expects for `$GITHUB_STEP_SUMMARY` (other steps' tools may write
    /// to it too); the limit then counts what is already there.
    var append = false

    func finish(_ report: RunReport) throws(ReportWriteError) {
        guard append, let handle = FileHandle(forWritingAtPath: path) else {
            try writeReportFile(Self.document(report, limit: limit), to: path, reporter: "markdown")
            return
        }
        defer { try? handle.close() }
        do {
            let existing = try handle.seekToEnd()
            let room = max(0, limit - Int(clamping: existing))
            try handle.write(contentsOf: Data(Self.document(report, limit: room).utf8))
        } catch {
            let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : 0
            throw ReportWriteError(
                reporter: "markdown",
                file: FileError(
                    operation: .write, path: path, code: code,
                    reason: code == 0 ? "\(error)" : String(cString: strerror(code))))
        }
    }

    static func document(_ report: RunReport, limit: Int = defaultLimit) -> String {
        let icon = report.exitCode == 0 ? "✅" : "❌"
        var head = ["## \(icon) Rehearsal", "", report.summaryLine, ""]
        let listed = report.outcomes.filter { $0.status != .passed }
        if !listed.isEmpty {
            head += ["| Scenario | Status | Reason | Time |", "|---|---|---|---|"]
            for outcome in listed {
                let reason = outcome.status == .recorded ? "golden written" : outcome.headline
                head.append(
                    "| `\(cell(outcome.name))` | \(RunReport.label(outcome.status)) | \(cell(reason)) | "
                        + WallTime.text(outcome.duration) + " |")
            }
            head.append("")
        }
        if !report.obsoleteGoldens.isEmpty {
            head.append("**Obsolete goldens** (no scenario file; `\(report.advice.command("prune"))` removes them):")
            head += report.obsoleteGoldens.map { "- `\(cell($0))`" }
            head.append("")
        }
        var document = ""
        let note = "\n> Truncated to stay under GitHub's 1 MiB step summary limit; see the job log for the rest.\n"
        let budget = limit - note.utf8.count
        guard budget > 0 else { return "" }
        var truncated = false
        for line in head {
            guard document.utf8.count + line.utf8.count + 1 <= budget else {
                truncated = true
                break
            }
            document += line + "\n"
        }
        if !truncated {
            // Each problem once: its headline is the table's reason, the section holds the rest (the source line,
            // the hint, other findings — 20 of one kind, then a line counting the rest —, the diff).
            for outcome in report.failures {
                let body = outcome.details(.reports).joined(separator: "\n")
                let fence = Self.fence(for: body)
                let section =
                    "### \(outcome.name) (\(RunReport.label(outcome.status)))\n\n"
                    + (body.isEmpty ? "" : "\(fence)diff\n\(body)\n\(fence)\n\n")
                guard document.utf8.count + section.utf8.count <= budget else {
                    truncated = true
                    break
                }
                document += section
            }
        }
        let noted = report.outcomes.filter { !$0.isFailure && $0.status != .recorded && !$0.notes.isEmpty }
        if !truncated, !noted.isEmpty {
            var section = "### Notes\n\n"
            for outcome in noted {
                let body = outcome.notes.map(\.description).joined(separator: "\n")
                let fence = Self.fence(for: body)
                section +=
                    "`\(cell(outcome.name))` (\(RunReport.label(outcome.status))):\n\n\(fence)\n\(body)\n\(fence)\n\n"
            }
            if document.utf8.count + section.utf8.count <= budget {
                document += section
            } else {
                truncated = true
            }
        }
        if truncated { document += note }
        return document
    }

    /// A table cell: one line, `|` escaped, at most 200 characters.
    private static func cell(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    /// A backtick fence longer than any backtick run in `body`.
    private static func fence(for body: String) -> String {
        var longest = 0
        var run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }
}
