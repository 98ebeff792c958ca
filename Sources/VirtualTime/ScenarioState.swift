import RehearsalBase

/// What a timeline keeps while `runScenario(_:)` runs, beside its lanes and timers. Guarded by the timeline's lock.
final class ScenarioState {
    /// Whether the scenario thread's clocks and dispatch submissions are virtual.
    let systemTime: SystemTime
    /// Tasks suspended in `Task.sleep`, by task address: a task enqueued while its sleep is pending was woken by
    /// cancellation, so its sleep timer is dead.
    var sleepingTasks: [UInt: SleepingTask] = [:]
    /// `DispatchGroup.notify` blocks waiting for their group to empty, in registration order.
    var groupNotifies: [GroupNotify] = []
    /// What the scenario did with time that the timeline cannot control, merged per cause and kind.
    var findings: [TimeSourceFinding] = []
    /// Sleep jobs handed over while system time is real: they never run during the scenario.
    var heldSleeps: [UnownedJob] = []
    /// The real main dispatch queue, drained in batches when system time is real on the main thread.
    let mainQueue: MainQueueDrain?

    init(systemTime: SystemTime, mainQueue: MainQueueDrain?) {
        self.systemTime = systemTime
        self.mainQueue = mainQueue
    }

    /// Records `finding`, merging it with an earlier one of the same cause and kind (sleeps add up).
    func record(_ finding: TimeSourceFinding) {
        for index in findings.indices where findings[index].cause == finding.cause {
            switch (findings[index].kind, finding.kind) {
            case (.threadSleep(let name, let total), .threadSleep(let newName, let more)) where name == newName:
                findings[index].kind = .threadSleep(function: name, duration: total + more)
            case (let old, let new) where old == new:
                break
            default:
                continue
            }
            findings[index].occurrences += 1
            return
        }
        findings.append(finding)
    }
}

/// A task suspended in `Task.sleep` and the timer that will wake it.
struct SleepingTask {
    let token: TimerToken
    let job: UnownedJob
    let cause: Cause
}

/// A `DispatchGroup.notify` block waiting for its group.
struct GroupNotify {
    let group: UnsafeMutableRawPointer
    let block: UnsafeMutableRawPointer
    let main: Bool
    let cause: Cause
}
