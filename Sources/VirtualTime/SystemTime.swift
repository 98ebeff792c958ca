import CVirtualTime

/// Whether a scenario's own time sources ran on the virtual timeline: `Task.sleep`, `ContinuousClock` and
/// `SuspendingClock` (`now` and sleeps), `Date()`, `DispatchTime.now()` and the blocks given to `DispatchQueue`.
///
/// With `.virtual` (the default), a ViewModel needs no injected clock: a `Task.sleep(for: .milliseconds(300))`
/// wakes at exactly 300ms of virtual time. With `.real`, only the injected clock (`VirtualEventLoop.clock`,
/// `context.clock` in a catalog), the Combine schedulers and Swift concurrency jobs are virtual, as in earlier
/// versions: a `Task.sleep` never wakes during the scenario and is reported.
public enum SystemTime: Equatable, Sendable, CustomStringConvertible {
    /// The scenario thread's clocks, sleeps and dispatch submissions were on the virtual timeline.
    case virtual
    /// They were real, for `reason`.
    case real(Reason)

    /// Why system time stayed real.
    public enum Reason: Equatable, Sendable {
        /// It was switched off (`REHEARSAL_SYSTEM_TIME=real`, or `virtualizesSystemTime: false`).
        case switchedOff
        /// The interposing definitions are not in effect in this process; `detail` says what the self-check saw.
        case notInterposed(detail: String)
    }

    /// One line for reports, e.g. `virtual` or `real (switched off with REHEARSAL_SYSTEM_TIME=real)`.
    public var description: String {
        switch self {
        case .virtual: return "virtual"
        case .real(.switchedOff):
            return "real (switched off: REHEARSAL_SYSTEM_TIME=real or virtualizesSystemTime false)"
        case .real(.notInterposed(let detail)):
            return "real (the clock and dispatch interposition is not in effect: \(detail))"
        }
    }

    /// Whether `REHEARSAL_SYSTEM_TIME` asks for real system time (`real`); anything else, or nothing, is virtual.
    public static func isSwitchedOff(environment: [String: String]) -> Bool {
        environment["REHEARSAL_SYSTEM_TIME"] == "real"
    }
}

/// A package test hook: makes the calling thread's clock interposers act as if they were not in effect, so the
/// self-check at the start of `runScenario` finds the interposition missing and the run falls back to real time.
package enum InterpositionSimulation {
    /// Turns the simulation on or off for the calling thread.
    package static func simulateMissing(_ missing: Bool) {
        vt_simulate_missing_interposition(missing ? 1 : 0)
    }
}
