#if !canImport(Darwin)

import Foundation
import Synchronization

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
/// While a target is installed, every one of those schedulers reads `now` from the target and schedules onto it,
/// whatever queue it names. Removing the target restores real time. This is process-wide state by necessity:
/// ViewModels name `DispatchQueue.main` directly, so nothing can be passed to them.
public enum SchedulerRedirection {
    private static let slot = Mutex<SchedulerRedirectTarget?>(nil)

    /// The installed target, or `nil` when schedulers run on real time.
    public static var current: SchedulerRedirectTarget? {
        slot.withLock { $0 }
    }

    /// Installs `target`. Fails when another target is installed: scenarios in one process run one at a time.
    public static func install(_ target: SchedulerRedirectTarget) throws(SchedulerRedirectionError) {
        let installed: Bool = slot.withLock { value in
            if value != nil { return false }
            value = target
            return true
        }
        if !installed { throw SchedulerRedirectionError.alreadyInstalled }
    }

    /// Removes `target` if it is the installed one; otherwise does nothing.
    public static func remove(_ target: SchedulerRedirectTarget) {
        slot.withLock { value in
            if let current = value, current === target { value = nil }
        }
    }
}

/// Why a redirection could not be installed.
public enum SchedulerRedirectionError: Error, Equatable, CustomStringConvertible {
    /// Another virtual timeline is already installed in this process.
    case alreadyInstalled

    public var description: String {
        switch self {
        case .alreadyInstalled:
            return "another virtual timeline already redirects the schedulers of this process; "
                + "run scenarios one at a time per process"
        }
    }
}

#endif
