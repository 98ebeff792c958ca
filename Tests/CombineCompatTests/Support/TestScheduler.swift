import CombineCompat
import Foundation

/// A deterministic virtual-time scheduler for operator tests.
///
/// Time is `Int` nanoseconds starting at 0. Work runs only inside `advance(by:)` / `advance(to:)`, ordered by
/// (due time, insertion sequence); work scheduled while advancing runs in the same call when it falls due before
/// the target time. `now` is the due time of the work being run. The same object can be installed as a
/// `SchedulerRedirectTarget`, so that `DispatchQueue.main` and friends schedule onto it.
final class TestScheduler: Scheduler, SchedulerRedirectTarget, @unchecked Sendable {
    struct SchedulerTimeType: Strideable, Hashable, CustomStringConvertible {
        typealias Stride = DispatchQueue.SchedulerTimeType.Stride
        var nanoseconds: Int

        func distance(to other: Self) -> Stride { .nanoseconds(other.nanoseconds - nanoseconds) }
        func advanced(by n: Stride) -> Self { Self(nanoseconds: nanoseconds + n.magnitude) }
        var description: String { "\(nanoseconds / 1_000_000)ms" }
    }

    typealias SchedulerOptions = Never

    private struct Work {
        let due: Int
        let sequence: Int
        let interval: Int?
        let token: Token
        let action: () -> Void
    }

    /// Identity of one scheduled piece of work, for cancelling repetitions.
    final class Token: Cancellable, @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
    }

    private let lock = NSLock()
    private var current = 0
    private var nextSequence = 0
    private var queue: [Work] = []
    private var _log: [String] = []

    /// Every `schedule` call as text, e.g. `["schedule@0ms", "after(300ms)@100ms"]`.
    var log: [String] { lock.withLock { _log } }

    var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: lock.withLock { current }) }
    var nowNanoseconds: Int64 { Int64(lock.withLock { current }) }
    var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Milliseconds of virtual time, for compact history entries.
    var nowMilliseconds: Int { lock.withLock { current } / 1_000_000 }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(due: nil, interval: nil, label: "schedule", action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        enqueue(due: date.nanoseconds, interval: nil, label: "after(\(date))", action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        enqueue(due: date.nanoseconds, interval: interval.magnitude, label: "every(\(date))", action)
    }

    func schedule(_ action: @escaping () -> Void) {
        enqueue(due: nil, interval: nil, label: "target.schedule", action)
    }

    func schedule(atNanoseconds deadline: Int64, _ action: @escaping () -> Void) {
        enqueue(due: Int(deadline), interval: nil, label: "target.at(\(deadline / 1_000_000)ms)", action)
    }

    func schedule(
        atNanoseconds deadline: Int64, everyNanoseconds interval: Int64,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        enqueue(due: Int(deadline), interval: Int(interval), label: "target.every(\(deadline / 1_000_000)ms)", action)
    }

    @discardableResult
    private func enqueue(due: Int?, interval: Int?, label: String, _ action: @escaping () -> Void) -> Token {
        let token = Token()
        lock.withLock {
            _log.append("\(label)@\(current / 1_000_000)ms")
            queue.append(
                Work(
                    due: max(due ?? current, current), sequence: nextSequence, interval: interval,
                    token: token, action: action))
            nextSequence += 1
        }
        return token
    }

    /// Runs all work due up to `now + stride`, in (time, sequence) order, then sets the clock to that time.
    func advance(by stride: SchedulerTimeType.Stride = .nanoseconds(0)) {
        advance(to: lock.withLock { current } + stride.magnitude)
    }

    func advance(to target: Int) {
        while let work = popDue(upTo: target) {
            if work.token.isCancelled { continue }
            work.action()
            if let interval = work.interval, !work.token.isCancelled {
                lock.withLock {
                    queue.append(
                        Work(
                            due: work.due + max(1, interval), sequence: nextSequence,
                            interval: interval, token: work.token, action: work.action))
                    nextSequence += 1
                }
            }
        }
        lock.withLock { current = max(current, target) }
    }

    private func popDue(upTo target: Int) -> Work? {
        lock.withLock {
            guard
                let index = queue.indices.min(by: {
                    (queue[$0].due, queue[$0].sequence)
                        < (queue[$1].due, queue[$1].sequence)
                }), queue[index].due <= target
            else { return nil }
            let work = queue.remove(at: index)
            current = work.due
            return work
        }
    }
}
