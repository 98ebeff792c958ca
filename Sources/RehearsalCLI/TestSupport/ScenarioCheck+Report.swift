import Rehearsal
import ScenarioJSON

extension ScenarioCheck {
    /// What a test framework shows for one scenario: whether it failed, one located failure with the whole text,
    /// remarks, and what to attach (the diff, the actual timeline).
    package struct Report: Sendable {
        /// The scenario file, relative to the root.
        package var path: String
        /// The scenario's name (`search/error`).
        package var name: String
        /// How it ended: as the run's outcome did, or `failed` when its reruns gave other timelines.
        package var status: ScenarioOutcome.Status
        /// Why it fails, when it does: under CI a recorded golden fails too.
        package var failure: Failure?
        /// Remarks that do not fail it (a golden was recorded; findings of a `"strict": false` scenario).
        package var notes: [String] = []
        /// ``notes`` for a framework that prints the place itself (XCTest): each at the file it is about.
        package var placedNotes: [PlacedNote] = []
        /// The rendered difference from the golden, when the timeline differs.
        package var diff: String?
        /// The run's timeline as far as it got (canonical text is the golden format).
        package var timeline: Timeline?

        /// Creates a report (the check makes them; tests of the reporting may too).
        package init(path: String, name: String, status: ScenarioOutcome.Status, failure: Failure? = nil) {
            self.path = path
            self.name = name
            self.status = status
            self.failure = failure
        }
    }

    /// A note at its place: the file it is about (relative to the root), its line, and the text that follows the
    /// place and the severity a framework prints (`recorded a new golden timeline; review it and commit it`).
    package struct PlacedNote: Equatable, Sendable {
        /// The file: the golden a recording note is about, else the scenario file.
        package var file: String
        /// The line, 1 for a whole file.
        package var line: Int
        /// The note without its place and severity, then its details (source line, hint).
        package var text: String
    }

    /// The one failure a failing scenario reports: the whole text, at the place in the scenario file it is about.
    package struct Failure: Equatable, Sendable {
        /// Everything: each problem with its excerpt and hint, the diff, the last events.
        package var message: String
        /// ``message`` whose first line does not repeat the place (`file:line: error:`), for a framework that prints
        /// the place itself before the message (XCTest).
        package var unlocatedMessage: String
        /// The file it points into, relative to the root (the scenario file, or a `$file` or golden it names).
        package var file: String
        /// The line: of the step that caused the first divergence, of the offending value, or 1 for the file.
        package var line: Int
        /// The column, when the problem is a located value.
        package var column: Int?

        /// Creates a failure; `unlocatedMessage` is `message` unless given.
        package init(message: String, file: String, line: Int, column: Int? = nil, unlocatedMessage: String? = nil) {
            self.message = message
            self.unlocatedMessage = unlocatedMessage ?? message
            self.file = file
            self.line = line
            self.column = column
        }
    }
}

extension ScenarioCheck.Report {
    /// The report of a judged run (its golden compared, or recorded).
    init(_ outcome: ScenarioOutcome, record: RecordSetting) {
        self.init(path: outcome.path.description, name: outcome.name, status: outcome.status)
        notes = outcome.notes.map(\.description)
        placedNotes = outcome.notes.map(\.diagnostic).map { note in
            ScenarioCheck.PlacedNote(
                file: note.location?.path ?? outcome.path.description, line: note.location?.line ?? 1,
                text: ([note.statement] + note.details).joined(separator: "\n"))
        }
        diff = outcome.golden?.mismatch?.rendered
        timeline = outcome.timeline
        switch status {
        case .passed:
            break
        case .recorded:
            guard record.recordingFails else { break }
            // The reason is the headline; what was recorded follows it.
            let message =
                ([
                    "a golden recorded under CI (\(record.ci.detectedBy ?? "CI")) fails: nobody reviewed it; record it locally "
                        + "(swift test records missing goldens), review it and commit it"
                ] + notes).joined(separator: "\n")
            failure = ScenarioCheck.Failure(message: message, file: outcome.path.description, line: 1)
        case .failed, .flaky, .crashed, .timedOut:
            let first = outcome.findings.first?.diagnostic
            let location = first?.location
            failure = ScenarioCheck.Failure(
                message: outcome.text, file: location?.path ?? outcome.path.description, line: location?.line ?? 1,
                column: location?.column,
                unlocatedMessage: first.map { ([$0.statement] + outcome.details).joined(separator: "\n") })
        }
    }

    /// Fails a report whose reruns did not all give the `first` run's timeline, byte for byte: the first rerun
    /// that differs is compared with it as ``Reproducibility`` compares a recording's two plays, so the findings
    /// (each at the step it is attributed to, with the value, a guess and the mask that fits) read the same.
    mutating func checkDeterminism(first: ScenarioOutcome, reruns: [ScenarioOutcome], runs: Int, root: String) {
        guard failure == nil, let timeline = first.timeline else { return }
        let expected = timeline.canonicalText
        let broken = reruns.first { rerun in
            rerun.status == .crashed || rerun.status == .timedOut || rerun.findings.contains { $0.kind != .golden }
                || rerun.timeline?.canonicalText != expected
        }
        guard var second = broken else { return }
        // Outcomes from workers carry no scenario: load it, so that each difference is located at its step.
        var judged = first
        judged.scenario = first.scenario ?? second.scenario ?? (try? ScenarioLoader(root: root).load(path))
        second.scenario = judged.scenario
        // The golden comparison is not what is judged between runs.
        judged.findings = first.findings.filter { $0.kind != .golden }
        second.findings = second.findings.filter { $0.kind != .golden }
        let findings = Reproducibility.findings(first: judged, second: second, then: "run the tests again")
        guard let head = findings.first else { return }
        let differing = reruns.count { $0.timeline?.canonicalText != expected }
        let location = head.diagnostic.location
        status = .failed
        failure = ScenarioCheck.Failure(
            message: (["\(differing) of \(runs - 1) reruns did not give the first run's timeline:"]
                + findings.map(\.description)).joined(separator: "\n"),
            file: location?.path ?? path, line: location?.line ?? 1, column: location?.column)
    }
}
