import RehearsalBase

/// Chooses which runnable piece of work a `VirtualEventLoop` runs next: the seam through which a schedule explorer
/// varies the order of work at the same virtual instant (and the interleavings the executor decides), and replays
/// a recorded sequence of choices exactly.
///
/// The loop asks before every piece of work it runs, even when only one is runnable, so a policy sees every
/// decision and a recorded sequence of returned indices replays the same run:
///
///     struct MainFirst: SchedulingPolicy {
///         mutating func choose(from runnable: RunnableSet) -> Int {
///             runnable.mainCount > 0 ? runnable.concurrentCount : 0   // the main lane's head, else the first
///         }
///     }
///     let timeline = VirtualEventLoop(policy: MainFirst())
///
/// Whatever the policy, time never moves backwards and timers only become runnable at their instant.
public protocol SchedulingPolicy: Sendable {
    /// The index in `runnable.all` of the work to run next; it must be in `0..<runnable.count`.
    mutating func choose(from runnable: RunnableSet) -> Int
}

/// The work runnable at one decision, in a fixed order: the concurrent lane (default-executor task jobs and the
/// blocks of global and custom dispatch queues, first in first out), then the main lane (MainActor jobs and
/// `DispatchQueue.main` blocks, first in first out), then the timers due now by (instant, scheduling sequence).
///
/// Valid only inside `SchedulingPolicy.choose(from:)`. The counts are free; `all` lists the work (O(n log n)).
public struct RunnableSet {
    /// Runnable work in the concurrent lane (indices `0..<concurrentCount`).
    public let concurrentCount: Int
    /// Runnable work in the main lane (the indices after the concurrent lane's).
    public let mainCount: Int
    /// Whether at least one timer is due now (they come after both lanes).
    public let hasDueTimer: Bool
    unowned(unsafe) let loop: VirtualEventLoop

    /// Every runnable piece of work, in index order.
    public var all: [RunnableWork] { loop.runnableWorkLocked() }

    /// The lane work at `index` (below `laneCount`) without listing the rest: O(1). For a due timer's index, use
    /// `all`.
    public func laneWork(at index: Int) -> RunnableWork {
        precondition(index >= 0 && index < laneCount, "laneWork(at: \(index)) of \(laneCount) lane items")
        return index < concurrentCount
            ? loop.laneWorkLocked(main: false, offset: index)
            : loop.laneWorkLocked(main: true, offset: index - concurrentCount)
    }

    /// How many pieces of work are runnable.
    public var count: Int { hasDueTimer ? concurrentCount + mainCount + loop.dueTimerCountLocked() : laneCount }

    /// The index of the first due timer (the lanes' total).
    public var laneCount: Int { concurrentCount + mainCount }
}

/// One runnable piece of work, as a policy sees it.
public struct RunnableWork: Equatable, Sendable, CustomStringConvertible {
    /// Where the work waits.
    public enum Lane: Equatable, Sendable {
        /// Default-executor jobs and global or custom dispatch-queue blocks.
        case concurrent
        /// MainActor jobs and main-queue blocks.
        case main
        /// A timer due now (scheduler actions, sleeps, `asyncAfter`).
        case timer
    }

    /// Where the work waits.
    public var lane: Lane
    /// What it is, e.g. `task job`, `MainActor job`, `DispatchQueue.main block`, `Task.sleep`.
    public var what: String
    /// The instant it became due.
    public var due: ScenarioDuration
    /// Its scheduling sequence (unique per timeline, in scheduling order).
    public var sequence: UInt64
    /// The cause it is attributed to.
    public var cause: WorkCause
    /// The Swift task a task job or MainActor job resumes (the runtime's task id, unique in the process); nil for
    /// dispatch blocks, scheduler actions and timers.
    public var task: UInt64?

    /// Creates a description of runnable work.
    public init(
        lane: Lane, what: String, due: ScenarioDuration, sequence: UInt64, cause: WorkCause, task: UInt64? = nil
    ) {
        self.lane = lane
        self.what = what
        self.due = due
        self.sequence = sequence
        self.cause = cause
        self.task = task
    }

    /// `what (cause) @due #sequence`.
    public var description: String { "\(what) (\(cause)) @\(due) #\(sequence)" }
}

/// The order of earlier versions, and the default: every concurrent-lane job first; once that lane is empty, the
/// main-lane work present at that moment as one batch (work the batch adds waits for the next batch, as with the
/// main dispatch queue's drain); timers only when both lanes are empty, earliest first, ties in scheduling order.
public struct DefaultSchedulingPolicy: SchedulingPolicy {
    private var mainBatchLeft = 0

    /// Creates the default policy.
    public init() {}

    /// The concurrent lane's head, the main lane's head while a batch lasts, or the first due timer.
    public mutating func choose(from runnable: RunnableSet) -> Int {
        if runnable.mainCount == 0 { mainBatchLeft = 0 }
        if mainBatchLeft > 0 {
            mainBatchLeft -= 1
            return runnable.concurrentCount
        }
        if runnable.concurrentCount > 0 { return 0 }
        if runnable.mainCount > 0 {
            mainBatchLeft = runnable.mainCount - 1
            return 0
        }
        return 0
    }
}
