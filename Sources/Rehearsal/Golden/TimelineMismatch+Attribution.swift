import ScenarioJSON
import VirtualTime

extension TimelineMismatch {
    /// Gives every row the work it is attributed to, and its step.
    ///
    /// A row with a run event takes that event's cause. A golden event the run is missing has no cause of its own
    /// (goldens keep none), so it is attributed to the work that should have produced it:
    /// - a missing answer or cancellation (`response`, `cancelled`) to the work that made its call: the closest
    ///   `call` of the same mock before it in the golden;
    /// - any other missing event to the work of the golden event just before it (which, for an event that follows
    ///   in the same instant, is the work that was running then);
    /// - the first event of a golden to the setup.
    ///
    /// So a route that a step's input no longer produces is blamed on that step, not on whatever the run did next.
    static func attribute(_ rows: inout [Row], expected: Timeline, actual: Timeline, scenario: Scenario?) {
        var goldenCause = [WorkCause?](repeating: nil, count: expected.events.count)
        // Causes of golden events the run has too.
        for row in rows {
            if let x = row.expected, let y = row.actual { goldenCause[x] = actual.events[y].cause }
        }
        // Missing golden events, in golden order, so earlier attributions feed later ones.
        let missing = Set(rows.compactMap { $0.change == .removed ? $0.expected : nil })
        for index in expected.events.indices where missing.contains(index) {
            let event = expected.events[index]
            if let key = Self.answeredKey(event.kind),
                let call = expected.events[..<index].lastIndex(where: {
                    if case .call(key, _) = $0.kind { true } else { false }
                })
            {
                goldenCause[index] = goldenCause[call]
            } else if index > 0 {
                goldenCause[index] = goldenCause[index - 1]
            } else {
                goldenCause[index] = .setup
            }
        }
        for position in rows.indices {
            let row = rows[position]
            let cause = row.actual.flatMap { actual.events[$0].cause } ?? row.expected.flatMap { goldenCause[$0] }
            rows[position].cause = cause
            rows[position].step = scenario?.stepReference(for: cause)
        }
    }

    /// The mock key of an answer or a cancellation: events that belong to the call that came before them.
    private static func answeredKey(_ kind: TimelineEvent.Kind) -> String? {
        switch kind {
        case .response(let key, _), .cancelled(let key): key
        case .input, .call, .output, .state, .route, .callback, .log, .finished, .failed: nil
        }
    }
}
