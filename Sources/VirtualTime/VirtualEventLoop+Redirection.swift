#if !canImport(Darwin)
import CombineCompat
import Foundation

/// While `runScenario(_:)` runs, `DispatchQueue`, `RunLoop` and `OperationQueue` used as Combine schedulers
/// forward here: their work runs on this timeline, attributed to the current cause.
extension VirtualEventLoop: SchedulerRedirectTarget {
    /// The scenario's wall clock at instant zero, so `RunLoop.main.now` agrees with `Date()`.
    public var wallClockOrigin: Date {
        Date(timeIntervalSince1970: Double(wallClockStart.nanosecondsSince1970) / 1_000_000_000)
    }

    /// Runs `action` at the current virtual instant, after the work already due at it.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(atNanoseconds: 0, kind: .redirected, action)
    }

    /// Runs `action` at `deadline` (nanoseconds since the origin); a past deadline means now.
    public func schedule(atNanoseconds deadline: Int64, _ action: @escaping () -> Void) {
        schedule(atNanoseconds: deadline, kind: .redirected, action)
    }

    /// Runs `action` at `deadline`, then every `interval` (at least 1ns) until the result is cancelled.
    public func schedule(
        atNanoseconds deadline: Int64,
        everyNanoseconds interval: Int64,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let token = TimerToken()
        let every = max(interval, 1)
        schedule(atNanoseconds: deadline, kind: .redirectedRepeating, interval: every, token: token, action)
        return AnyCancellable { [weak self] in self?.cancel(token) }
    }
}
#endif
