import ScenarioJSON

extension ScenarioOutcome {
    /// The one-line reason for summaries: the first finding's headline, or the status.
    public var headline: String {
        findings.first?.diagnostic.headline ?? status.rawValue
    }

    /// The full text for people: each finding, then the details of the diff against the golden (where the run first
    /// diverged, and the events around each difference; the finding above already says that it differs), or the
    /// last timeline events of a run that failed while playing, crashed or hung.
    public var text: String {
        var parts = findings.map(\.description)
        let playing = findings.contains { $0.kind != .golden && $0.kind != .invalid }
        if let mismatch = golden?.mismatch, status != .passed, status != .recorded {
            parts.append(mismatch.details)
        } else if playing, !lastEvents.isEmpty {
            parts.append(
                "last timeline events:\n" + lastEvents.map { "  " + $0.line }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n")
    }
}
