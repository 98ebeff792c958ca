import Foundation

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

    func finish(_ report: RunReport) throws {
        guard append, let handle = FileHandle(forWritingAtPath: path) else {
            try writeReportFile(Self.document(report, limit: limit), to: path)
            return
        }
        defer { try? handle.close() }
        let existing = try handle.seekToEnd()
        let room = max(0, limit - Int(clamping: existing))
        try handle.write(contentsOf: Data(Self.document(report, limit: room).utf8))
    }

    static func document(_ report: RunReport, limit: Int = defaultLimit) -> String {
        let icon = report.exitCode == 0 ? "✅" : "❌"
        var head = ["## \(icon) Rehearsal", "", report.summaryLine, ""]
        let listed = report.verdicts.filter { $0.status != .passed }
        if !listed.isEmpty {
            head += ["| Scenario | Status | Reason | Time |", "|---|---|---|---|"]
            for verdict in listed {
                let reason = verdict.status == .recorded ? "golden written" : verdict.headline
                head.append(
                    "| `\(cell(verdict.name))` | \(RunReport.label(verdict.status)) | \(cell(reason)) | "
                        + String(format: "%.2fs", verdict.duration) + " |")
            }
            head.append("")
        }
        if !report.obsoleteGoldens.isEmpty {
            head.append("**Obsolete goldens** (no scenario file; `rehearsal prune` removes them):")
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
            for verdict in report.failures {
                let body = verdict.diff ?? verdict.fullText
                let fence = Self.fence(for: body)
                let section =
                    "### \(verdict.name) (\(RunReport.label(verdict.status)))\n\n"
                    + "\(verdict.headline.isEmpty ? "" : "\(verdict.headline)\n\n")"
                    + "\(fence)diff\n\(body)\n\(fence)\n\n"
                guard document.utf8.count + section.utf8.count <= budget else {
                    truncated = true
                    break
                }
                document += section
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
