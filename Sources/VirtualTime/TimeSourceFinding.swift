import RehearsalBase

/// Something a scenario's work did with time that the timeline cannot control, found while it ran and reported at
/// the end: "step 2 blocked the scenario thread for 500ms in a thread sleep". Nothing of the kind ever hangs a
/// scenario: sleeps return at once (virtual time advances by what they asked for), waits that would block return
/// as timed out, timers on real clocks are never armed.
public struct TimeSourceFinding: Equatable, Sendable, CustomStringConvertible {
    /// What was used.
    public enum Kind: Equatable, Sendable {
        /// A thread sleep (`Thread.sleep`, `usleep`, `sleep`, `nanosleep`, `clock_nanosleep`) of `duration`:
        /// virtual time advanced by it, as the thread would have been blocked that long on a device.
        case threadSleep(function: String, duration: ScenarioDuration)
        /// A `DispatchSemaphore.wait` or `DispatchGroup.wait` that would have blocked the scenario thread (the work
        /// that would end it runs on the same thread, later): it returned `.timedOut` at once.
        case blockingWait(String)
        /// A `DispatchSource` timer: it fires on libdispatch's own threads and real clock, so it was not armed.
        case dispatchSourceTimer
        /// A Foundation `Timer` added to a run loop: no run loop runs during a scenario, so it was not added.
        case runLoopTimer
        /// `DispatchQueue.main.sync` from work already on the main queue, which deadlocks on a device. The block ran
        /// inline.
        case mainSyncFromMain
        /// A `Task.sleep` or `ContinuousClock`/`SuspendingClock` sleep while system time was real: it never wakes
        /// during the scenario.
        case realSleep
    }

    /// What was used.
    public var kind: Kind
    /// The cause whose work used it (`.step(2)`, `.setup`).
    public var cause: WorkCause
    /// The virtual instant at which it was first used.
    public var at: ScenarioDuration
    /// How many times the cause's work used it (thread sleeps add their durations up).
    public var occurrences: Int

    /// Creates a finding.
    public init(kind: Kind, cause: WorkCause, at: ScenarioDuration, occurrences: Int = 1) {
        self.kind = kind
        self.cause = cause
        self.at = at
        self.occurrences = occurrences
    }

    /// What happened, as one sentence fragment after the cause: "blocked the scenario thread for 500ms in a thread
    /// sleep (nanosleep) at 1s; virtual time moved on by as much".
    public var description: String {
        let when = occurrences > 1 ? "\(occurrences) times from \(at)" : "at \(at)"
        switch kind {
        case .threadSleep(let function, let duration):
            let sleeps =
                occurrences > 1
                ? "\(occurrences) thread sleeps (\(function)) from \(at)" : "a thread sleep (\(function)) at \(at)"
            return "blocked the scenario thread for \(duration) in \(sleeps); virtual time moved on by as much"
        case .blockingWait(let what):
            return "waited on \(what) \(when), which would block the scenario thread for good; "
                + "the wait returned .timedOut at once"
        case .dispatchSourceTimer:
            return "armed a DispatchSource timer \(when), which runs on the real clock; it was not armed"
        case .runLoopTimer:
            return "scheduled a Foundation Timer on a run loop \(when); no run loop runs in a scenario, so it never "
                + "fires"
        case .mainSyncFromMain:
            return "called DispatchQueue.main.sync from the main queue \(when), which deadlocks on a device; "
                + "the block ran inline"
        case .realSleep:
            return "slept on a real clock (Task.sleep or a ContinuousClock/SuspendingClock sleep) \(when) while "
                + "system time is real; the task never wakes during the scenario"
        }
    }

    /// What to do about it.
    public var hint: String {
        switch kind {
        case .threadSleep: return "use Task.sleep, or a scheduler delay, instead of blocking a thread"
        case .blockingWait: return "await the work (async/await, a completion handler) instead of waiting on a thread"
        case .dispatchSourceTimer, .runLoopTimer:
            return "use DispatchQueue.asyncAfter, Task.sleep or a Combine scheduler timer, which run on virtual time"
        case .mainSyncFromMain: return "call the block directly when already on the main queue"
        case .realSleep: return "inject the scenario's clock (context.clock), or turn virtual system time back on"
        }
    }
}
