import RehearsalBase

/// A snapshot of what is still outstanding on a timeline: pending timers, tasks that have not finished, and the
/// Swift concurrency jobs counted per cause.
///
/// At the end of a scenario the harness reports it, e.g. "a task started by 'step 3' is still suspended and no
/// virtual timer will resume it" (`stalledCauses`): typically a `Task.sleep` on a real clock.
public struct PendingWork: Equatable, Sendable, CustomStringConvertible {
    /// One pending timer (a scheduled action, a repetition or a task sleeping on the virtual clock).
    public struct Timer: Equatable, Sendable {
        /// When it is due, since the timeline's origin.
        public var at: ScenarioDuration
        /// What it is, e.g. `VirtualClock.sleep`.
        public var what: String
        /// The cause it was scheduled under.
        public var cause: WorkCause

        /// Whether this is a task suspended in `VirtualClock.sleep`.
        public var isSleep: Bool

        /// Creates a timer description.
        public init(at: ScenarioDuration, what: String, cause: WorkCause, isSleep: Bool = false) {
            self.at = at
            self.what = what
            self.cause = cause
            self.isSleep = isSleep
        }
    }

    /// Swift concurrency jobs bound for the global executor, counted per cause while the executor was driven.
    public struct JobCount: Equatable, Sendable {
        /// Jobs enqueued.
        public var enqueued = 0
        /// Jobs that ran (to completion or to their next suspension).
        public var finished = 0

        /// Creates a count.
        public init(enqueued: Int = 0, finished: Int = 0) {
            self.enqueued = enqueued
            self.finished = finished
        }
    }

    /// The virtual instant of the snapshot.
    public var now: ScenarioDuration
    /// Pending timers in the order they will run.
    public var timers: [Timer]
    /// Causes that started a task which has not finished, in the order the causes were first used: a task created
    /// under the cause with `Task {}` (it inherits the cause), or any task — a `Task.detached` one too — sleeping on
    /// a timer of the cause.
    public var unfinishedTaskCauses: [WorkCause]
    /// Global-executor jobs per cause.
    public var jobs: [WorkCause: JobCount]

    /// Causes with unfinished tasks that no pending virtual timer of the same cause can resume: those tasks
    /// wait on something outside virtual time (a real clock, a continuation nobody resumes, a stream that never
    /// ends). Only meaningful once the executor is quiescent (after `settle()`).
    public var stalledCauses: [WorkCause] {
        let timerCauses = Set(timers.map(\.cause))
        return unfinishedTaskCauses.filter { !timerCauses.contains($0) }
    }

    /// Whether nothing is outstanding at all.
    public var isIdle: Bool {
        timers.isEmpty && unfinishedTaskCauses.isEmpty && jobs.values.allSatisfy { $0.enqueued == $0.finished }
    }

    /// The snapshot as indented lines: timers in order, then each unfinished cause and what it waits on.
    public var description: String {
        var lines = ["pending work at \(now):"]
        for timer in timers {
            lines.append(
                "  timer: \(timer.what) at \(timer.at) (cause '\(timer.cause)')")
        }
        let stalled = stalledCauses
        for cause in unfinishedTaskCauses {
            let waiting: String
            if timers.contains(where: { $0.cause == cause && $0.isSleep }) {
                waiting = "sleeping on the virtual clock"
            } else if stalled.contains(cause) {
                waiting =
                    "suspended on something no virtual event will resume "
                    + "(a continuation never resumed, or a real clock)"
            } else {
                waiting = "waiting for a virtual timer"
            }
            lines.append("  task started by '\(cause)' has not finished: \(waiting)")
        }
        if lines.count == 1 { lines.append("  nothing") }
        return lines.joined(separator: "\n")
    }
}

extension VirtualEventLoop {
    /// Whether ``pendingWork()`` has anything an end check reports: a live timer, a cause with an unfinished task,
    /// or one with a job enqueued that did not run. Cheaper than listing them, for the common end with none.
    public var hasPendingWork: Bool {
        lock.withLock {
            heap.unordered.contains(where: \.payload.isLive)
                || causes.all.contains { $0.jobs.enqueued > $0.jobs.finished || $0.hasUnfinishedTasks() }
        }
    }

    /// What is outstanding now: pending timers (including tasks sleeping on the virtual clock), causes with
    /// unfinished tasks, and job counts. Call it after `settle()` for a quiescent picture; called inside a
    /// `withCause` body, that cause counts as unfinished (its binding is still in place).
    public func pendingWork() -> PendingWork {
        let (now, nodes, unfinished, jobs) = lock.withLock {
            var jobs: [WorkCause: PendingWork.JobCount] = [:]
            for cause in causes.all where cause.jobs != PendingWork.JobCount() { jobs[cause.label] = cause.jobs }
            let live = heap.unordered.filter(\.payload.isLive)
            // A detached task inherits no cause, but its sleep timer carries the cause its job ran under.
            let sleeping = Set(live.filter(\.payload.kind.isSleep).map { ObjectIdentifier($0.payload.cause) })
            let unfinished = causes.all.filter { $0.hasUnfinishedTasks() || sleeping.contains(ObjectIdentifier($0)) }
            return (nowNanosecondsStorage, live, unfinished.map(\.label), jobs)
        }
        let timers = nodes.sorted { $0.instant != $1.instant ? $0.instant < $1.instant : $0.sequence < $1.sequence }
            .map {
                PendingWork.Timer(
                    at: ScenarioDuration(nanoseconds: $0.instant),
                    what: $0.payload.kind.describe(interval: $0.payload.interval),
                    cause: $0.payload.cause.label,
                    isSleep: $0.payload.kind.isSleep)
            }
        return PendingWork(
            now: ScenarioDuration(nanoseconds: now), timers: timers, unfinishedTaskCauses: unfinished, jobs: jobs)
    }
}
