import Rehearsal
import ScenarioJSON

extension ScenarioCheck {
    /// What a test framework shows for one scenario: whether it failed, one located failure with the whole text,
    /// remarks, and what to attach (the diff, the actual timeline).
    package struct Report: Sendable {
        /// How the scenario ended.
        package enum Status: String, Sendable {
            /// Ran and matched its golden.
            case passed
            /// A run failure, a timeline that differs from its golden, a missing golden where none may be written,
            /// or runs that gave different timelines.
            case failed
            /// Ran without failures and its golden was written (a failure under CI).
            case recorded
            /// Its worker process died while running it.
            case crashed
            /// It ran past the wall-clock limit and its worker was stopped.
            case timedOut
        }

        /// The scenario file, relative to the root.
        package var path: String
        /// The scenario's name (`search/error`).
        package var name: String
        /// How it ended.
        package var status: Status
        /// Why it fails, when it does: under CI a recorded golden fails too.
        package var failure: Failure?
        /// Remarks that do not fail it (a golden was recorded; findings of a `"strict": false` scenario).
        package var notes: [String] = []
        /// The rendered difference from the golden, when the timeline differs.
        package var diff: String?
        /// The run's timeline as far as it got (canonical text is the golden format).
        package var timeline: Timeline?

        /// Creates a report (the check makes them; tests of the reporting may too).
        package init(path: String, name: String, status: Status, failure: Failure? = nil) {
            self.path = path
            self.name = name
            self.status = status
            self.failure = failure
        }
    }

    /// The one failure a failing scenario reports: the whole text, at the place in the scenario file it is about.
    package struct Failure: Equatable, Sendable {
        /// Everything: each problem with its excerpt and hint, the diff, the last events.
        package var message: String
        /// The file it points into, relative to the root (the scenario file, or a `$file` or golden it names).
        package var file: String
        /// The line: of the step that caused the first divergence, of the offending value, or 1 for the file.
        package var line: Int
        /// The column, when the problem is a located value.
        package var column: Int?

        /// Creates a failure.
        package init(message: String, file: String, line: Int, column: Int? = nil) {
            self.message = message
            self.file = file
            self.line = line
            self.column = column
        }
    }
}

extension ScenarioCheck.Report {
    /// The report of a judged run (its golden compared, or recorded).
    init(_ verdict: Verdict, record: RecordSetting) {
        self.init(path: verdict.path, name: verdict.name, status: Status(verdict.status))
        notes = verdict.notes
        diff = verdict.diff
        timeline = verdict.timeline.map { Timeline(scenario: verdict.name, recorded: $0) }
        switch status {
        case .passed:
            break
        case .recorded:
            guard record.recordingFails else { break }
            let message =
                (verdict.notes + [
                    "Under CI (\(record.ci ?? "CI")) a recorded golden fails: nobody reviewed it. Record it locally "
                        + "(swift test records missing goldens), review it and commit it."
                ]).joined(separator: "\n")
            failure = ScenarioCheck.Failure(message: message, file: verdict.path, line: 1)
        case .failed, .crashed, .timedOut:
            let first = verdict.problems.first
            failure = ScenarioCheck.Failure(
                message: verdict.fullText, file: first?.file ?? verdict.path, line: first?.line ?? 1,
                column: first?.column)
        }
    }

    /// Fails a report whose reruns (in this process) did not all give the first run's timeline.
    mutating func addDeterminismFailure(first: Timeline, reruns: [Timeline?], scenario: Scenario, runs: Int) {
        let expected = first.eventLines
        let differing = reruns.compactMap { rerun -> [String]? in
            let lines = rerun?.eventLines ?? []
            return lines == expected ? nil : lines
        }
        guard let sample = differing.first else { return }
        fail(
            differing: differing.count, runs: runs, expected: expected, actual: sample, first: first, scenario: scenario
        )
    }

    /// Fails a report whose reruns (in worker processes) did not all give the first run's timeline, or crashed.
    mutating func addDeterminismFailure(reruns: [Verdict], runs: Int, root: String) {
        guard status == .passed || status == .recorded, let first = timeline else { return }
        if let broken = reruns.first(where: { $0.status == .crashed || $0.status == .timedOut }) {
            let problem = broken.problems.first
            failure = ScenarioCheck.Failure(
                message: "a rerun (of \(runs) runs) \(broken.status == .crashed ? "crashed" : "timed out"):\n"
                    + broken.fullText, file: problem?.file ?? path, line: problem?.line ?? 1, column: problem?.column)
            status = .failed
            return
        }
        let expected = first.eventLines
        let differing = reruns.compactMap { rerun -> [String]? in
            let lines = rerun.timeline.map { Timeline(scenario: name, recorded: $0).eventLines } ?? []
            return lines == expected ? nil : lines
        }
        guard let sample = differing.first else { return }
        let scenario = try? ScenarioLoader(root: root).load(path)
        fail(
            differing: differing.count, runs: runs, expected: expected, actual: sample, first: first, scenario: scenario
        )
    }

    private mutating func fail(
        differing: Int, runs: Int, expected: [String], actual: [String], first: Timeline, scenario: Scenario?
    ) {
        var index = 0
        while index < expected.count, index < actual.count, expected[index] == actual[index] { index += 1 }
        var line = 1
        var cause = ""
        if first.events.indices.contains(index), let workCause = first.events[index].cause {
            cause = ", caused by \(workCause)"
            if let step = workCause.stepIndex, let found = scenario?.steps.first(where: { $0.index == step }),
                let location = scenario?.document.location(of: found.pointer)
            {
                line = location.line
            }
        }
        let message = [
            "\(differing) of \(runs - 1) reruns gave another timeline than the first run: the scenario is not "
                + "deterministic.",
            "First difference at event \(index)\(cause):",
            "  first run: " + (expected.indices.contains(index) ? expected[index] : "(no event: the run ended here)"),
            "  rerun:     " + (actual.indices.contains(index) ? actual[index] : "(no event: the run ended here)"),
        ].joined(separator: "\n")
        status = .failed
        failure = ScenarioCheck.Failure(message: message, file: path, line: line)
    }
}

extension ScenarioCheck.Report.Status {
    init(_ status: Verdict.Status) {
        switch status {
        case .passed: self = .passed
        case .recorded: self = .recorded
        case .failed, .flaky: self = .failed
        case .crashed: self = .crashed
        case .timedOut: self = .timedOut
        }
    }
}

extension Timeline {
    /// The timeline a worker recorded, with its causes (so that a determinism failure can name the step).
    init(scenario: String, recorded: RecordedTimeline) {
        self.init(
            scenario: scenario,
            events: recorded.events.map { event in
                TimelineEvent(
                    at: .nanoseconds(Int64(clamping: event.at)), seq: event.seq,
                    body: event.body.objectValue ?? JSONObject(), cause: event.cause, answering: event.answering)
            })
    }
}
