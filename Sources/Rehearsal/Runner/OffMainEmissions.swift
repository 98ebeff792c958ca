import CombineCompat
import RehearsalBase
import ScenarioJSON
import VirtualTime

/// The ViewModel's emissions made off the main thread in one run: outputs, states and routes a phone's UI reads on the
/// main thread (SwiftUI reports a `@Published` change from a background thread: "Publishing changes from background
/// threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on
/// model updates"). One finding per port, at the step whose work made the first such emission.
final class OffMainEmissions: @unchecked Sendable {
    private struct Emissions {
        let title: String
        let verb: String
        let cause: WorkCause
        let at: ScenarioDuration
        var count = 1
    }

    private let lock = _Lock()
    private var emissions: [Emissions] = []
    private var index: [String: Int] = [:]

    /// Notes an emission of `port` now, when it is made off the main thread.
    func check(_ port: OutputPort, timeline: VirtualEventLoop) {
        guard !VirtualEventLoop.isOnMainThread else { return }
        let key = "\(port.role) \(port.name)"
        let cause = timeline.currentCause
        let at = timeline.now
        lock.withLock {
            if let existing = index[key] {
                emissions[existing].count += 1
                return
            }
            index[key] = emissions.count
            let (title, verb): (String, String) =
                switch port.role {
                case .output: ("output \(JSONWriter.quoted(port.name))", "emitted")
                case .state: ("state \(JSONWriter.quoted(port.name))", "changed")
                case .route: ("route output \(JSONWriter.quoted(port.name))", "routed")
                }
            emissions.append(Emissions(title: title, verb: verb, cause: cause, at: at))
        }
    }

    /// One finding per port that emitted off the main thread, in the order of their first such emission.
    func findings(_ scenario: Scenario) -> [Finding] {
        lock.withLock { emissions }.map { emission in
            let pointer =
                emission.cause.stepIndex.map { JSONPointer.root.appending("steps").appending($0) }
                ?? JSONPointer.root.appending("viewModel")
            let times = emission.count == 1 ? "once" : "\(emission.count) times"
            return Finding(
                .mainThread,
                scenario.document.diagnostic(
                    at: pointer,
                    "\(emission.title) \(emission.verb) off the main thread \(times), first at \(emission.at) in work "
                        + "started by \(emission.cause): a phone's UI reads it on the main thread",
                    hint: "move the emission to the main thread in the ViewModel (.receive(on: DispatchQueue.main), "
                        + "or @MainActor work)"),
                step: scenario.stepReference(for: emission.cause))
        }
    }
}
