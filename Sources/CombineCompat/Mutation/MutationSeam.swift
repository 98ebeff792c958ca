#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One play's mutation state: the mutant in force (none for the baseline play that surveys the operators) and the
/// operator calls the play reached.
public final class MutationSession: @unchecked Sendable {
    /// The mutant this play runs under; nil surveys without changing anything.
    public let mutant: Mutant?
    private let lock = _Lock()
    private var points: Set<MutationPoint> = []

    /// A session for one play.
    public init(mutant: Mutant?) {
        self.mutant = mutant
    }

    /// The operator calls reached so far, in call-site order.
    public var reached: [MutationPoint] {
        lock.lock()
        defer { lock.unlock() }
        return points.sorted()
    }

    /// Records that `point` was reached; the change to make there, when the mutant in force is at it.
    func reach(_ point: MutationPoint) -> MutationChange? {
        lock.lock()
        points.insert(point)
        lock.unlock()
        guard let mutant, mutant.point == point else { return nil }
        return mutant.change
    }
}

/// Where CombineCompat's operators ask what to do: the one slot of the process for the running play's
/// ``MutationSession``, which the scenario runner fills while a play of `rehearsal mutate` runs (plays run one at a
/// time per process) and leaves empty for every other run. Only the thread that installed the session, the one
/// that plays the scenario and runs all of its work, finds it: an operator created meanwhile by code that is not
/// the scenario's (another test of the process, a thread of its own) is never mutated nor counted as reached.
///
/// ```swift
/// MutationSeam.install(session)          // the runner, before the scenario's first step
/// defer { MutationSeam.remove(session) }
/// ```
///
/// An operator method asks once, when the operator is created (where the call site is known), so a run without a
/// session pays one uncontended lock per operator created and nothing per element.
public enum MutationSeam {
    private static let lock = _Lock()
    nonisolated(unsafe) private static var installed: (session: MutationSession, thread: pthread_t)?

    /// Makes `session` the calling thread's, for the play that starts now on it.
    public static func install(_ session: MutationSession) {
        lock.lock()
        defer { lock.unlock() }
        installed = (session, pthread_self())
    }

    /// Removes `session` when it is still the installed one.
    public static func remove(_ session: MutationSession) {
        lock.lock()
        defer { lock.unlock() }
        if installed?.session === session { installed = nil }
    }

    /// The session of the play running now on this thread; nil outside a mutate play and on other threads.
    public static var current: MutationSession? {
        lock.lock()
        defer { lock.unlock() }
        guard let installed, pthread_equal(installed.thread, pthread_self()) != 0 else { return nil }
        return installed.session
    }

    /// Called by an operator method as it creates its operator: records the call as reached in a mutate play, and
    /// returns the change to make when the play's mutant is this call's.
    public static func change(
        _ operator: MutationOperator, file: StaticString, line: UInt, column: UInt
    ) -> MutationChange? {
        guard let session = current else { return nil }
        let site = CallSite(file: "\(file)", line: Int(line), column: Int(column))
        return session.reach(MutationPoint(site: site, operator: `operator`))
    }
}
