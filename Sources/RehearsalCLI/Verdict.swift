import Foundation
import Rehearsal
import ScenarioJSON

/// What the CLI reports about one scenario: everything reporters need, and nothing they must compute.
///
/// Workers send it to the parent as one JSON line; reporters only read it.
struct Verdict: Codable, Equatable, Sendable {
    /// How a scenario ended.
    enum Status: String, Codable, Sendable, CaseIterable {
        /// Ran and matched its golden.
        case passed
        /// Failed: a run failure or a timeline that differs from its golden.
        case failed
        /// Ran without failures and its golden was written.
        case recorded
        /// Failed, then passed on a retry: reported as a failure's cousin, never as passed.
        case flaky
        /// The worker process died while running it (`fatalError`, a failed precondition, a force unwrap).
        case crashed
        /// It ran longer than `--timeout` of wall-clock time and its worker was killed.
        case timedOut
    }

    /// One problem, with the place in the scenario file it is about (for annotations).
    struct Problem: Codable, Equatable, Sendable {
        /// The first line (`file:line:col: error: …`).
        var headline: String
        /// The full text: headline, quoted source line with a caret, hint.
        var text: String
        var file: String?
        var line: Int?
        var column: Int?
    }

    /// The scenario file, relative to the root.
    var path: String
    /// The scenario's name (`contributors/load-and-paginate`).
    var name: String
    var status: Status
    /// Run failures, or the reason of a crash or timeout, in order.
    var problems: [Problem] = []
    /// The first event that differs from the golden, when the timeline differs.
    var firstDivergence: String?
    /// The rendered `-`/`+` diff against the golden, when the timeline differs.
    var diff: String?
    /// Remarks that do not fail the scenario (a golden recorded, notes of a non-strict scenario).
    var notes: [String] = []
    /// The last timeline events the worker reported before a crash or timeout.
    var lastEvents: [String] = []
    /// Whether the scenario file itself is invalid (the run exits 65 when nothing else failed).
    var invalid = false
    /// Wall-clock seconds the run took, measured by the parent.
    var duration: Double = 0
    /// How many times it ran (more than 1 with `--retries`).
    var attempts = 1
    /// The run's timeline as far as it got, for the HTML report and the trace; `nil` when it could not start or
    /// its worker died.
    var timeline: RecordedTimeline?

    /// Whether it counts against the run.
    var isFailure: Bool { [.failed, .crashed, .timedOut, .flaky].contains(status) }

    /// The one-line reason for reports: the first divergence, else the first problem's headline.
    var headline: String {
        if let firstDivergence { return firstDivergence }
        return problems.first?.headline ?? status.rawValue
    }

    /// The full text for reports: problems, last events, diff.
    var fullText: String {
        var parts = problems.map(\.text)
        if !lastEvents.isEmpty {
            parts.append("last timeline events:\n" + lastEvents.map { "  \($0)" }.joined(separator: "\n"))
        }
        if let diff { parts.append(diff) }
        return parts.joined(separator: "\n")
    }
}

extension Verdict.Problem {
    /// A problem from a located JSON error.
    init(_ error: JSONError) {
        self.init(
            headline: error.headline, text: error.description, file: error.path, line: error.line,
            column: error.column)
    }
}
