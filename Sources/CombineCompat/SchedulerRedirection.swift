import RehearsalBase

#if !canImport(Darwin)

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where `DispatchQueue`, `RunLoop` and `OperationQueue` send Combine work while a redirection is installed.
///
/// Rehearsal's `VirtualTime` module installs a target while a scenario runs, so a ViewModel that hard-codes
/// `debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)` runs on the virtual timeline without any
/// change. Instants are nanoseconds on the target's own timeline (0 is its origin, never negative).
public protocol SchedulerRedirectTarget: AnyObject, Sendable {
    /// The target's current instant, in nanoseconds since its origin.
    var nowNanoseconds: Int64 { get }

    /// The date at the target's origin: `RunLoop` and `OperationQueue` schedulers read `wallClockOrigin` plus the
    /// current instant as their `now`. By default 2001-01-01 00:00:00 UTC (`Date(timeIntervalSinceReferenceDate: 0)`).
    var wallClockOrigin: Date { get }

    /// Runs `action` at the current instant, after all work already due at this instant.
    func schedule(_ action: @escaping () -> Void)

    /// Runs `action` at `deadline` (nanoseconds since the origin); a deadline in the past means now.
    func schedule(atNanoseconds deadline: Int64, _ action: @escaping () -> Void)

    /// Runs `action` first at `deadline`, then every `interval` nanoseconds until the result is cancelled.
    func schedule(
        atNanoseconds deadline: Int64,
        everyNanoseconds interval: Int64,
        _ action: @escaping () -> Void
    ) -> Cancellable
}

extension SchedulerRedirectTarget {
    /// 2001-01-01 00:00:00 UTC.
    public var wallClockOrigin: Date { Date(timeIntervalSinceReferenceDate: 0) }
}

/// The seam through which the real-time schedulers (`DispatchQueue`, `RunLoop`, `OperationQueue`) are redirected.
///
/// While a target is installed on a thread, every one of those schedulers, used on that thread, reads `now` from the
/// target and schedules onto it, whatever queue it names. Removing the target restores real time. It is per thread:
/// a scenario's work all runs on the thread that drives it, and other threads (other tests running in parallel,
/// libdispatch's own) keep real time. It is global state by necessity: ViewModels name `DispatchQueue.main`
/// directly, so nothing can be passed to them.
public enum SchedulerRedirection {
    private static let lock = _Lock()
    /// Each redirected thread's target; guarded by `lock`.
    nonisolated(unsafe) private static var slots: [UInt: SchedulerRedirectTarget] = [:]
    /// How many threads have a target: while none has, `current` takes no lock.
    private static let installed = Atomic<Int>(0)

    private static var thread: UInt { UInt(pthread_self()) }

    /// The calling thread's target, or `nil` when its schedulers run on real time.
    public static var current: SchedulerRedirectTarget? {
        guard installed.load(ordering: .acquiring) > 0 else { return nil }
        let thread = thread
        return lock.withLock { slots[thread] }
    }

    /// Installs `target` for the calling thread. Fails when the thread already has one: a thread drives one
    /// scenario at a time.
    public static func install(_ target: SchedulerRedirectTarget) throws(SchedulerRedirectionError) {
        let thread = thread
        let added: Bool = lock.withLock {
            if slots[thread] != nil { return false }
            slots[thread] = target
            return true
        }
        if !added { throw SchedulerRedirectionError.alreadyInstalled }
        installed.add(1, ordering: .releasing)
    }

    /// Removes `target` if it is the calling thread's; otherwise does nothing.
    public static func remove(_ target: SchedulerRedirectTarget) {
        let thread = thread
        let removed: Bool = lock.withLock {
            guard let current = slots[thread], current === target else { return false }
            slots[thread] = nil
            return true
        }
        if removed { installed.subtract(1, ordering: .releasing) }
    }
}

/// Why a redirection could not be installed.
public enum SchedulerRedirectionError: Error, Equatable, CustomStringConvertible {
    /// Another virtual timeline already redirects the calling thread's schedulers.
    case alreadyInstalled

    public var description: String {
        switch self {
        case .alreadyInstalled:
            return "another virtual timeline already redirects the schedulers of this thread; "
                + "run one scenario at a time per thread"
        }
    }
}

#endif
