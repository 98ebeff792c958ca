import ScenarioJSON

extension TimelineMismatch {
    /// Lines of context kept around each change in the unified diff.
    static let contextLines = 2

    /// `-`/`+`/` ` lines for the edit script, with unchanged runs beyond the context collapsed to
    /// `  … N unchanged`.
    static func unifiedDiff(_ operations: [LineDiff.Operation], old: [String], new: [String]) -> String {
        var keep = [Bool](repeating: false, count: operations.count)
        for (position, operation) in operations.enumerated() {
            guard case .equal = operation else {
                let low = max(0, position - contextLines)
                let high = min(operations.count - 1, position + contextLines)
                for near in low...high { keep[near] = true }
                continue
            }
        }
        var lines: [String] = []
        var skipped = 0
        for (position, operation) in operations.enumerated() {
            if case .equal = operation, !keep[position] {
                skipped += 1
                continue
            }
            if skipped > 0 {
                lines.append("  … \(skipped) unchanged")
                skipped = 0
            }
            switch operation {
            case .equal(_, let y): lines.append("  " + new[y])
            case .delete(let x): lines.append("- " + old[x])
            case .insert(let y): lines.append("+ " + new[y])
            }
        }
        if skipped > 0 { lines.append("  … \(skipped) unchanged") }
        return lines.joined(separator: "\n")
    }

    /// For each golden event replaced by a run event of the same kind (`output "items"` by `output "items"`),
    /// the values inside it that differ.
    static func changedValues(
        _ operations: [LineDiff.Operation], expected: Timeline, actual: Timeline, comparison: Scenario.Comparison
    ) -> [String] {
        var result: [String] = []
        for run in LineDiff.changeRuns(operations) {
            for (old, new) in zip(run.deleted, run.inserted) {
                let before = expected.events[old]
                let after = actual.events[new]
                guard let kind = before.body.members.first, kind == after.body.members.first else { continue }
                let lines = ValueDiff.lines(
                    .object(compared(before, comparison)), .object(compared(after, comparison)), path: "")
                guard !lines.isEmpty else { continue }
                let name = JSONWriter(style: .spaced).string(kind.value)
                result.append("  event \(new), \(kind.key) \(name):")
                result += lines.map { "    " + $0 }
            }
        }
        return result
    }
}
