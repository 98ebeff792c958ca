import ScenarioJSON

extension TimelineMismatch {
    /// Lines of context kept around each change in the unified diff.
    static let contextLines = 2

    /// The whole report for people: the first divergence, a unified diff of the event lines, then the changed
    /// values.
    public var rendered: String {
        var sections = [headline, "Events (- golden, + actual):\n" + unifiedDiff]
        if !valueChanges.isEmpty { sections.append("Changed values:\n" + changedValueLines.joined(separator: "\n")) }
        return sections.joined(separator: "\n\n")
    }

    /// `First divergence at …` with the step and both events.
    var headline: String {
        let divergence = firstDivergence
        var cause = ""
        if let what = divergence.cause {
            cause = ", caused by \(what)"
            if let location = divergence.step?.location {
                cause += " (\(location.path ?? "<input>")\(location.line.map { ":\($0)" } ?? ""))"
            }
        }
        return [
            "Timeline differs from the golden \(goldenPath) (compare: \(comparison.rawValue)).",
            "First divergence at \(divergence.at) (event \(divergence.index))\(cause):",
            "  expected: " + (divergence.expected?.line ?? "(no event: the golden ends here)"),
            "  actual:   " + (divergence.actual?.line ?? "(no event: the run ended here)"),
        ].joined(separator: "\n")
    }

    /// `-`/`+`/` ` lines for the edit script, with unchanged runs beyond the context collapsed to
    /// `  … N unchanged`.
    var unifiedDiff: String {
        let old = expected.eventLines
        let new = actual.eventLines
        var keep = [Bool](repeating: false, count: edits.count)
        for (position, edit) in edits.enumerated() {
            if case .equal = edit { continue }
            let low = max(0, position - Self.contextLines)
            let high = min(edits.count - 1, position + Self.contextLines)
            for near in low...high { keep[near] = true }
        }
        var lines: [String] = []
        var skipped = 0
        for (position, edit) in edits.enumerated() {
            if case .equal = edit, !keep[position] {
                skipped += 1
                continue
            }
            if skipped > 0 {
                lines.append("  … \(skipped) unchanged")
                skipped = 0
            }
            switch edit {
            case .equal(_, let y): lines.append("  " + new[y])
            case .delete(let x): lines.append("- " + old[x])
            case .insert(let y): lines.append("+ " + new[y])
            }
        }
        if skipped > 0 { lines.append("  … \(skipped) unchanged") }
        return lines.joined(separator: "\n")
    }

    /// `  event 5, output "people":` then `    value[1].name: - "Lee" + "Li"` per changed value.
    var changedValueLines: [String] {
        var lines: [String] = []
        var current: (Int, String)?
        let writer = JSONWriter(style: .spaced)
        for change in valueChanges {
            if current.map({ $0 != (change.event, change.kind) }) ?? true {
                lines.append("  event \(change.event), \(change.kind) \(writer.string(change.name)):")
                current = (change.event, change.kind)
            }
            lines.append("    " + ValueDiff.line(path: change.path, old: change.expected, new: change.actual))
        }
        return lines
    }
}
