import ScenarioJSON

/// Compares two timelines up to the order of events at the same virtual instant (the groups of
/// ``Timeline/instants``): the instants must be the same, and at each instant the same events, in any order.
enum SameInstantOrder {
    /// Nil when the timelines are equal up to same-instant order; otherwise where they first differ, for people.
    ///
    /// - Complexity: O(e log e) for e events.
    static func difference(golden: Timeline, actual: Timeline) -> String? {
        let expected = groups(golden)
        let found = groups(actual)
        for (index, group) in expected.enumerated() {
            guard index < found.count else {
                return "the golden has events at \(group.at) that this schedule does not reach"
            }
            let other = found[index]
            guard other.at == group.at else {
                return "at \(min(group.at, other.at)) the golden and this schedule have different events "
                    + "(the golden's next instant is \(group.at), this schedule's \(other.at))"
            }
            guard other.lines == group.lines else {
                let missing = group.lines.first { !other.lines.contains($0) }
                let extra = other.lines.first { !group.lines.contains($0) }
                var parts = ["at \(group.at) the events differ, beyond their order"]
                if let missing { parts.append("the golden has \(missing)") }
                if let extra { parts.append("this schedule has \(extra)") }
                return parts.joined(separator: "; ")
            }
        }
        if found.count > expected.count {
            return "this schedule has events at \(found[expected.count].at) that the golden does not have"
        }
        return nil
    }

    /// Each instant's group (``Timeline/instants``) as the sorted canonical lines of its events' members.
    private static func groups(_ timeline: Timeline) -> [(at: ScenarioDuration, lines: [String])] {
        let writer = JSONWriter(style: .spaced)
        return timeline.instants.map { range in
            (
                timeline.events[range.lowerBound].at,
                timeline.events[range].map { writer.string(.object($0.kind.members)) }.sorted()
            )
        }
    }
}
