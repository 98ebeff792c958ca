import ScenarioJSON

/// One timeline event as the report draws it: a marble on the lane of its port.
package struct ReportEvent: Equatable, Sendable {
    /// What happened.
    package enum Kind: String, Sendable {
        case input, call, response, cancelled, output, state, route, callback, log, finished, failed
    }

    /// Virtual nanoseconds since the start of the scenario.
    package var at: UInt64
    /// The event's position in its timeline (same-instant events keep this order).
    package var seq: Int
    package var kind: Kind
    /// The port the event belongs to: the input, `Type.method`, the output, state, route or callback name. A
    /// route's case name is its `label`; its port is `route` (or the output that carries routes). A log line's
    /// level is its label; its port is its log's category (`default` for none).
    package var port: String
    /// What the marble is labelled with: the port, or a route's case name.
    package var label: String
    /// The members after the name (`{"value": […]}`, `{"args": {…}}`, `{"index": 1}`), in the golden's order.
    package var members: JSONObject
    /// The index of the step that caused it; `nil` for setup, teardown or an unknown cause.
    package var step: Int?
    /// What caused it, for people (`setup`, `step 2`).
    package var cause: String
    /// For a response or cancellation, the `seq` of the call it answers.
    package var answering: Int?
    /// The event as the golden file writes it (one line).
    package var line: String

    /// Creates an event.
    package init(
        at: UInt64, seq: Int, kind: Kind, port: String, label: String, members: JSONObject, step: Int?,
        cause: String, answering: Int?, line: String
    ) {
        self.at = at
        self.seq = seq
        self.kind = kind
        self.port = port
        self.label = label
        self.members = members
        self.step = step
        self.cause = cause
        self.answering = answering
        self.line = line
    }
}

/// A failed scenario's golden and actual timelines aligned event by event, and where they first part.
package struct ReportComparison: Equatable, Sendable {
    /// One value that differs inside a changed event, as the page shows it: its path and both sides as text.
    package struct Value: Equatable, Sendable {
        /// `changed`, `added` (a member), `inserted` (an element), `removed` or `moved`.
        package var kind: String
        /// Where the value is (`value[0].name`): in the run, in the golden for a removed one.
        package var path: String
        /// For a moved element, where it was in the golden.
        package var from: String?
        /// The golden's value, as JSON text.
        package var expected: String?
        /// The run's value, as JSON text.
        package var actual: String?

        /// Creates a value.
        package init(kind: String, path: String, from: String? = nil, expected: String? = nil, actual: String? = nil) {
            self.kind = kind
            self.path = path
            self.from = from
            self.expected = expected
            self.actual = actual
        }
    }

    /// One row of the alignment: an event on both sides (the same, changed or moved), or on one side only.
    package struct Row: Equatable, Sendable {
        /// How the two sides relate.
        package enum Change: String, Sendable { case same, changed, removed, added, moved }

        package var change: Change
        /// The index of the golden's event, when it has one here.
        package var golden: Int?
        /// The index of the run's event, when it has one here.
        package var actual: Int?
        /// For a changed row, each value that differs.
        package var values: [Value]

        /// Creates a row.
        package init(change: Change, golden: Int?, actual: Int?, values: [Value] = []) {
            self.change = change
            self.golden = golden
            self.actual = actual
            self.values = values
        }
    }

    /// The golden file compared with.
    package var goldenPath: String
    /// `exact` (times and order) or `order`.
    package var mode: String
    /// The golden's events.
    package var golden: [ReportEvent]
    /// The aligned rows, in timeline order.
    package var rows: [Row]
    /// The index in `rows` of the first row that is not `same`.
    package var divergence: Int
    /// The virtual instant of the first divergence, in nanoseconds.
    package var at: UInt64
    /// The step that caused the run's event there, if a step did.
    package var step: Int?

    /// Creates a comparison.
    package init(
        goldenPath: String, mode: String, golden: [ReportEvent], rows: [Row], divergence: Int, at: UInt64,
        step: Int?
    ) {
        self.goldenPath = goldenPath
        self.mode = mode
        self.golden = golden
        self.rows = rows
        self.divergence = divergence
        self.at = at
        self.step = step
    }
}
