import ScenarioJSON

extension TimelineMismatch {
    /// One row of two timelines aligned event by event: an event on both sides (equal, or changed in place), or on
    /// one side only.
    package struct AlignedRow: Equatable, Sendable {
        /// How the sides relate.
        package enum Change: Equatable, Sendable { case same, changed, removed, added }

        /// How the sides relate.
        package var change: Change
        /// The index of the golden's event.
        package var expected: Int?
        /// The index of the run's event.
        package var actual: Int?
        /// For a changed row, the values that differ (`value[0].name: - "Lee" + "Li"`).
        package var values: [String]
    }

    /// `expected` and `actual` aligned the way the mismatch report aligns them (a shortest edit script over what
    /// `comparison` compares); a golden event replaced by a run event of the same kind and name is one changed row.
    ///
    /// ```swift
    /// TimelineMismatch.alignment(expected: golden, actual: run, comparison: .exact)
    /// // [same 0↔0, same 1↔1, changed 2↔2 ["value[0].name: - \"Lee\" + \"Li\""], added ↔3]
    /// ```
    package static func alignment(
        expected: Timeline, actual: Timeline, comparison: Scenario.Comparison
    ) -> [AlignedRow] {
        let writer = JSONWriter(style: .compact)
        let old = expected.events.map { writer.string(.object(compared($0, comparison))) }
        let new = actual.events.map { writer.string(.object(compared($0, comparison))) }
        var rows: [AlignedRow] = []
        var deleted: [Int] = []
        var inserted: [Int] = []
        func flush() {
            var pending = inserted[...]
            for index in deleted {
                let before = expected.events[index]
                if let next = pending.first, before.body.members.first == actual.events[next].body.members.first {
                    let values = ValueDiff.changes(
                        .object(compared(before, comparison)), .object(compared(actual.events[next], comparison)),
                        path: ""
                    ).map(ValueDiff.line)
                    rows.append(AlignedRow(change: .changed, expected: index, actual: next, values: values))
                    pending.removeFirst()
                } else {
                    rows.append(AlignedRow(change: .removed, expected: index, actual: nil, values: []))
                }
            }
            rows += pending.map { AlignedRow(change: .added, expected: nil, actual: $0, values: []) }
            deleted.removeAll()
            inserted.removeAll()
        }
        for operation in LineDiff.operations(old, new) {
            switch operation {
            case .equal(let left, let right):
                flush()
                rows.append(AlignedRow(change: .same, expected: left, actual: right, values: []))
            case .delete(let index): deleted.append(index)
            case .insert(let index): inserted.append(index)
            }
        }
        flush()
        return rows
    }
}
