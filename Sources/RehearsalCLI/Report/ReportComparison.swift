import Rehearsal
import ScenarioJSON

/// A failed scenario's golden and run aligned: the ``TimelineMismatch`` the golden check made (its rows, the values
/// that differ, where they part), and the golden's events with each answer linked to its call, which goldens do not
/// keep, through the run's alignment.
package struct ReportComparison: Equatable, Sendable {
    /// How the run differs from its golden.
    package var mismatch: TimelineMismatch
    /// The golden's events, each answer's `answering` set to its call's position in the golden.
    package var golden: [TimelineEvent]
    /// The index in the mismatch's rows of the first row that is not `same`.
    package var divergence: Int

    /// The comparison of `mismatch`, or `nil` when no row differs; `actual` are the run's events.
    package init?(_ mismatch: TimelineMismatch, actual: [TimelineEvent]) {
        guard let divergence = mismatch.rows.firstIndex(where: { $0.change != .same }) else { return nil }
        // A golden answer aligned with a run's answer answers the golden event aligned with the run's call.
        var goldenIndex: [Int: Int] = [:]
        var actualIndex: [Int: Int] = [:]
        for row in mismatch.rows where row.change != .added && row.change != .removed {
            if let left = row.expected, let right = row.actual {
                goldenIndex[right] = left
                actualIndex[left] = right
            }
        }
        golden = mismatch.expected.events.enumerated().map { index, event in
            var aligned = event
            aligned.cause = nil
            aligned.answering = actualIndex[index].flatMap { actual.indices.contains($0) ? actual[$0].answering : nil }
                .flatMap { goldenIndex[$0] }
            return aligned
        }
        self.mismatch = mismatch
        self.divergence = divergence
    }
}

extension TimelineEvent {
    /// The port whose lane the report draws the event on: the input, `Type.method`, the output, state or callback
    /// name, `route` for every route (its case is the marble's label, ``TimelineEvent/Kind/name``), a log line's
    /// category (`default` for the default log; its level is the label).
    var port: String {
        switch kind {
        case .route: "route"
        case .log(_, _, let category, _): category ?? "default"
        case .input, .call, .response, .cancelled, .output, .state, .callback, .finished, .failed: kind.name
        }
    }
}
