import CombineCompat
import RehearsalBase

/// A Swift `Clock` on a `VirtualEventLoop`, for code that takes a clock by injection, and for mock latency.
///
/// Inside `runScenario(_:)`, `Task.sleep` and `ContinuousClock` are virtual too (unless system time is real); this
/// clock works either way, so it is also what scripted mocks and injected-clock code use:
///
///     func fetch() async throws -> Page {
///         try await clock.sleep(for: .milliseconds(300))   // resumes when the timeline reaches +300ms
///         return page
///     }
///
/// A sleep is a timer on the timeline: it resumes its task at `max(deadline, now)` after the work already due
/// then (a zero or past deadline still suspends until the timeline runs, like any other work). Cancelling the
/// sleeping task removes the timer and throws `CancellationError` at the current virtual instant.
public struct VirtualClock: Clock, Sendable {
    /// An instant on the virtual timeline: the time elapsed since its origin.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Time since the timeline's origin.
        public var offset: ScenarioDuration

        /// Creates the instant `offset` after the origin.
        public init(offset: ScenarioDuration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative), in whole nanoseconds; instants before the origin
        /// are the origin.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: .nanoseconds(offset.nanoseconds.addingSaturating(duration.saturatingNanoseconds)))
        }

        /// The time from this instant to `other`, negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration {
            .nanoseconds(other.offset.nanoseconds - offset.nanoseconds)
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The instant in the scenario files' form, e.g. `1.5s`.
        public var description: String { offset.description }
    }

    /// The timeline this clock reads and sleeps on.
    public let timeline: VirtualEventLoop

    /// Creates a clock on `timeline` (also available as `timeline.clock`).
    public init(timeline: VirtualEventLoop) {
        self.timeline = timeline
    }

    /// The current virtual instant.
    public var now: Instant { Instant(offset: timeline.now) }

    /// One nanosecond, the timeline's resolution.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends until the timeline reaches `deadline`; `tolerance` is ignored.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before or while sleeping.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let waiter = SleepWaiter()
        let timeline = self.timeline
        let deadlineNanoseconds = deadline.offset.nanoseconds
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, Error>) in
                guard waiter.wait(continuation) else { return }
                timeline.schedule(atNanoseconds: deadlineNanoseconds, kind: .sleep, token: waiter.token) {
                    waiter.finish(nil)
                }
            }
        } onCancel: {
            timeline.cancel(waiter.token)
            waiter.finish(CancellationError())
        }
    }
}

/// The continuation of one sleep, resumed exactly once: by its timer or by cancellation, whichever comes first.
final class SleepWaiter: @unchecked Sendable {
    private enum State {
        case idle
        case waiting(UnsafeContinuation<Void, Error>)
        case finished(Error?)
    }

    let token = TimerToken()
    private let lock = _Lock()
    private var state = State.idle

    /// Registers `continuation`; returns false (after resuming it) when the sleep already finished (cancelled).
    func wait(_ continuation: UnsafeContinuation<Void, Error>) -> Bool {
        lock.lock()
        guard case .finished(let error) = state else {
            state = .waiting(continuation)
            lock.unlock()
            return true
        }
        lock.unlock()
        resume(continuation, error)
        return false
    }

    /// Ends the sleep with `error` (nil: the deadline was reached); later calls do nothing.
    func finish(_ error: Error?) {
        lock.lock()
        switch state {
        case .idle:
            state = .finished(error)
            lock.unlock()
        case .waiting(let continuation):
            state = .finished(error)
            lock.unlock()
            resume(continuation, error)
        case .finished:
            lock.unlock()
        }
    }

    private func resume(_ continuation: UnsafeContinuation<Void, Error>, _ error: Error?) {
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
