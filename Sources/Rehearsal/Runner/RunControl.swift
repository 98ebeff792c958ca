import ScenarioJSON
import VirtualTime

/// What a schedule explorer controls in one run: the scheduling policy of the run's timeline, the latency of each
/// mock response, and whether a step is delivered before the work due at its own instant. Without one a run plays
/// the default order with the scripted latencies.
package protocol RunControl: AnyObject, Sendable {
    /// The policy for this run's timeline (asked once, when the timeline is made).
    func schedulingPolicy() -> any SchedulingPolicy

    /// The latency the answer (or stream element `element`) of `response` gets, instead of `scripted`, for the
    /// `use`-th call it answers (from 0).
    func latency(of response: MockResponse, use: Int, element: Int?, scripted: ScenarioDuration) -> ScenarioDuration

    /// Asked before each piece of work due at the instant of `step` while the step waits: true delivers the step
    /// first.
    func deliversEarly(_ step: Step) -> Bool

    /// The run ended; `unused` lists the scripted responses with uses left (key, index in its list, uses left; nil
    /// for a `"repeat": true` response no call used).
    func runEnded(unused: [(key: String, index: Int, usesLeft: Int?)])
}
