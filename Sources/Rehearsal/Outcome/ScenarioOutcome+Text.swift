import ScenarioJSON

extension ScenarioOutcome {
    /// The one-line reason for summaries: the first finding's headline, or the status.
    public var headline: String {
        findings.first?.diagnostic.headline ?? status.rawValue
    }

    /// The text for people: each finding (at most ``FindingLimit/standard`` of one kind in full, then a line counting
    /// the rest), then the details of the diff against the golden (where the run first diverged, and the events
    /// around each difference; the finding above already says that it differs), or the last timeline events of a
    /// run that failed while playing, crashed or hung.
    public var text: String { text(.standard) }

    /// ``text`` with at most `limit`'s findings of one kind in full; `nil` shows every finding.
    public func text(_ limit: FindingLimit?) -> String {
        guard !findings.isEmpty else { return "" }
        return ([headline] + details(limit)).joined(separator: "\n")
    }

    /// ``text`` without its first line, the ``headline``: for a report that shows the headline elsewhere (a summary
    /// table), so that no message appears twice.
    public var details: [String] { details(.standard) }

    /// ``details`` with at most `limit`'s findings of one kind in full; `nil` shows every finding (a JUnit
    /// failure's body).
    public func details(_ limit: FindingLimit?) -> [String] {
        guard let first = findings.first else { return [] }
        var parts = first.diagnostic.details
        if let exploration { parts.append(explorationText(exploration)) }
        if !first.output.isEmpty { parts += ["worker output:"] + first.output.map { "  \($0)" } }
        if let limit {
            let (shown, rest) = limit.summarise(findings)
            parts += shown.dropFirst().map(\.description) + rest
        } else {
            parts += findings.dropFirst().map(\.description)
        }
        let playing = findings.contains { ![.golden, .invalid, .nondeterministic].contains($0.kind) }
        if let mismatch = golden?.mismatch, status != .passed, status != .recorded {
            parts.append(mismatch.details)
        } else if playing, !lastEvents.isEmpty {
            parts.append(
                "last timeline events:\n" + lastEvents.map { "  " + $0.line }.joined(separator: "\n"))
        }
        return parts
    }

    /// What exploring found, one line each: the statement, the race, the latencies, the replay command, the shrunk
    /// scenario.
    public func explorationText(_ summary: ExplorationSummary) -> String {
        let advice = summary.advice ?? RecordAdvice()
        var lines = ["explored: \(summary.statement)"]
        if let race = summary.race { lines.append("  race: \(race)") }
        lines += summary.latencyChanges.map { "  latency: \($0)" }
        if let token = summary.token, summary.failingSchedule != nil {
            lines.append("  replay: " + advice.command("explore \(path) --replay \(token)"))
        }
        if let shrunk = summary.shrunkPath {
            let seconds = summary.shrinkSeconds.map { String(format: " in %.2fs", $0) } ?? ""
            let what =
                summary.shrunkEarlier
                ? "written before, with the same content"
                : "it fails on '\(advice.command("run"))' until the ViewModel is fixed"
            lines.append("  shrunk\(seconds): \(shrunk) (\(what))")
        } else if let note = summary.shrinkNote {
            lines.append("  not shrunk: \(note)")
        }
        return lines.joined(separator: "\n")
    }
}
