import ScenarioJSON

/// What `rehearsal explore` may vary in a scenario beyond the order of same-instant work, from its `"explore"`
/// key: `{"jitter": "50ms"}` lets every mock response arrive up to 50ms earlier or later than its `after`
/// (a response's own `"jitter"` overrides it).
public struct ExploreSettings: Sendable, Equatable {
    /// How far each response's latency may move either way (zero: latencies are as scripted).
    public var jitter: ScenarioDuration

    /// Creates settings.
    public init(jitter: ScenarioDuration = .zero) {
        self.jitter = jitter
    }
}
