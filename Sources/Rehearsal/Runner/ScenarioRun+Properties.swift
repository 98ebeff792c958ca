import ScenarioJSON

extension ScenarioRun {
    /// A scenario whose `schedule` cannot be played: an invalid-scenario finding.
    struct InvalidSchedule: Error {
        let finding: Finding
    }

    /// The control that plays the scenario's `schedule`, or why it cannot be played. Without one, a scenario with
    /// properties plays the default order through a driver that forces nothing, to learn whether its run met a choice
    /// point (whether another schedule could change what a failing property shows); others play with no control.
    func scheduleControl() -> Result<(any RunControl)?, InvalidSchedule> {
        guard let token = scenario.schedule else {
            guard !scenario.properties.isEmpty else { return .success(nil) }
            return .success(ScheduleDriver(source: ReplaySource(deviations: []), scenario: scenario))
        }
        let fingerprint = scenario.fingerprint
        guard token.fingerprint == fingerprint else {
            return .failure(
                InvalidSchedule(
                    finding: Finding(
                        .invalid,
                        scenario.document.diagnostic(
                            at: JSONPointer.root.appending("schedule"),
                            "the schedule was made for another version of this scenario (fingerprint "
                                + "\(token.fingerprintText), the file's is \(ScheduleToken.hex(fingerprint)))",
                            hint: "run '\(advice.command("explore"))' on the scenario again for a new token, or remove "
                                + "'schedule'"
                        ))))
        }
        guard case .choices(let deviations) = token.plan else { return .success(nil) }
        return .success(ScheduleDriver(source: ReplaySource(deviations: deviations), scenario: scenario))
    }

    /// Adds the findings of properties that do not hold; for a `knownIssue` scenario they are notes, and the
    /// scenario fails when none fails any more.
    func checkProperties(_ events: [TimelineEvent], control: (any RunControl)?, into outcome: inout ScenarioOutcome) {
        guard !scenario.properties.isEmpty else { return }
        var check = PropertyCheck(scenario: scenario, advice: advice)
        // An explorer's run, or one whose default order met a choice point, could go otherwise.
        check.otherSchedulesPossible = (control as? ScheduleDriver).map { !$0.trace.isEmpty } ?? true
        let failing = check.findings(events)
        guard let issue = scenario.knownIssue else {
            outcome.findings += failing
            return
        }
        guard !failing.isEmpty else {
            outcome.findings.append(
                Finding(
                    .property,
                    scenario.document.diagnostic(
                        at: JSONPointer.root.appending("knownIssue"),
                        "the known issue no longer reproduces: every property holds (\(issue))",
                        hint: "remove 'knownIssue' now that the ViewModel is fixed, and re-record the golden")))
            return
        }
        outcome.notes += failing.map { finding in
            var note = finding
            note.diagnostic.severity = .note
            note.diagnostic.message = "known issue (\(issue)): " + note.diagnostic.message
            return note
        }
    }
}
