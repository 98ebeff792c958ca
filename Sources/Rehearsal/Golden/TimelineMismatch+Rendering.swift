import ScenarioJSON
import VirtualTime

extension TimelineMismatch {
    /// Lines of context kept around each difference.
    static let contextLines = 2
    /// The most differing events the hunks show (then one line counts the rest): the golden and the kept timeline
    /// hold them all.
    static let shownDifferences = 100
    /// The most characters one line of the hunks shows (an event with a value of megabytes is cut, saying how much).
    static let shownLineLength = 500

    /// The whole report for people: what differs (``summary``), then ``details``. Each hunk starts with
    /// `@@ <the step it is attributed to> @@` (again wherever the cause changes); a changed event is one `~` line
    /// (the golden's) with the values that differ under it, a missing one `-`, a new one `+`, unchanged runs
    /// collapsed to `… N unchanged`.
    public var rendered: String {
        "T" + summary.dropFirst() + ".\n" + details
    }

    /// `timeline differs from the golden Scenarios/a.timeline.json (compare: exact): 1 event changed, 1 missing`:
    /// the message of the finding that fails the scenario.
    public var summary: String {
        "timeline differs from the golden \(goldenPath) (compare: \(comparison.rawValue)): \(counts)"
    }

    /// Where the runs first part and why, then the events around each difference (what a report shows under the
    /// finding whose message is ``summary``).
    public var details: String {
        var divergence = "First divergence at \(firstDivergence.at)"
        if let first = rows.first(where: { $0.change != .same }) {
            divergence += Self.caused(first) + ": " + describe(first) + "."
        }
        return divergence + "\n\n" + hunks
    }

    /// `1 event changed, 2 missing, 1 new, 1 moved`.
    var counts: String {
        let kinds: [(Row.Change, String)] = [
            (.changed, "changed"), (.removed, "missing"), (.added, "new"), (.moved, "moved"),
        ]
        let parts = kinds.compactMap { change, word -> (Int, String)? in
            let count = rows.count { $0.change == change }
            return count == 0 ? nil : (count, word)
        }
        return parts.enumerated().map { position, part in
            position == 0 ? "\(part.0) event\(part.0 == 1 ? "" : "s") \(part.1)" : "\(part.0) \(part.1)"
        }.joined(separator: ", ")
    }

    /// `, caused by step 1 (Scenarios/a.json:12)`, or nothing when the row has no cause.
    private static func caused(_ row: Row) -> String {
        guard let cause = row.cause else { return "" }
        return ", caused by " + (row.step?.description ?? cause.description)
    }

    /// `output "items" changed`, `route "pushEditStore" is missing from the run`, `the run has a new call …`.
    private func describe(_ row: Row) -> String {
        let event = row.actual.map { actual.events[$0] } ?? row.expected.map { expected.events[$0] }
        let name = event?.kind.title ?? ""
        switch row.change {
        case .same: return name
        case .changed: return "\(name) changed"
        case .removed: return "\(name) is missing from the run"
        case .added: return "the run has a new \(name)"
        case .moved: return "\(name) moved"
        }
    }

    /// The rows around each difference, with their hunk headers: the first ``shownDifferences`` differences, each
    /// line at most ``shownLineLength`` characters, then a line counting the differences not shown.
    var hunks: String {
        var keep = [Bool](repeating: false, count: rows.count)
        var shown = 0
        var lastShown = rows.count - 1
        for (position, row) in rows.enumerated() where row.change != .same {
            guard shown < Self.shownDifferences else {
                lastShown = min(lastShown, position - 1)
                break
            }
            shown += 1
            let low = max(0, position - Self.contextLines)
            let high = min(rows.count - 1, position + Self.contextLines)
            for near in low...high { keep[near] = true }
        }
        let hidden = rows.count { $0.change != .same } - shown
        if hidden > 0 { for position in keep.indices where position > lastShown { keep[position] = false } }
        var lines: [String] = []
        var skipped = 0
        var header: WorkCause??
        var position = 0
        while position < rows.count {
            guard keep[position] else {
                skipped += 1
                header = nil
                position += 1
                continue
            }
            if skipped > 0 {
                lines.append("  … \(skipped) unchanged")
                skipped = 0
            }
            let row = rows[position]
            if header == nil {
                // A new hunk: its header names the cause of its first difference.
                let first = rows[position...].first { $0.change != .same } ?? row
                lines.append(Self.header(first))
                header = .some(first.cause)
            } else if row.change != .same, header != .some(row.cause) {
                lines.append(Self.header(row))
                header = .some(row.cause)
            }
            lines += self.lines(row).map { QuotedText.elided($0, limit: Self.shownLineLength) }
            position += 1
        }
        if hidden > 0 {
            lines.append(
                "… and \(hidden) more changed event\(hidden == 1 ? "" : "s") (the golden and the run's kept timeline "
                    + "hold them all)")
        } else if skipped > 0 {
            lines.append("  … \(skipped) unchanged")
        }
        return lines.joined(separator: "\n")
    }

    /// `@@ step 1 (Scenarios/a.json:12) @@`, `@@ setup @@`, or `@@ @@` for work of no known cause.
    private static func header(_ row: Row) -> String {
        let cause = row.step?.description ?? row.cause?.description
        return "@@ " + (cause.map { $0 + " " } ?? "") + "@@"
    }

    /// A row's lines: the event with its sign, and under a changed or moved event what changed.
    private func lines(_ row: Row) -> [String] {
        switch row.change {
        case .same:
            return ["  " + (row.actual.map { actual.events[$0].line } ?? "")]
        case .removed:
            return ["- " + (row.expected.map { expected.events[$0].line } ?? "")]
        case .added:
            return ["+ " + (row.actual.map { actual.events[$0].line } ?? "")]
        case .changed:
            return ["~ " + (row.expected.map { expected.events[$0].line } ?? "")] + row.values.map { "    " + $0.line }
        case .moved:
            let line = row.actual.map { actual.events[$0].line } ?? ""
            let next = row.expected.flatMap { index in
                expected.events.indices.contains(index + 1) ? expected.events[index + 1].line : nil
            }
            return ["~ " + line, "    moved: the golden has it " + (next.map { "before " + $0 } ?? "last")]
        }
    }
}
