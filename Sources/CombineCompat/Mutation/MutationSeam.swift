import RehearsalBase

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

/// Where CombineCompat's operators ask what to do: the running play's ``MutationSession``, which the scenario runner
/// installs for the thread that plays the scenario (and runs all of its work) while a play of `rehearsal mutate`
/// runs, and installs for no other run. Each thread has its own slot: an operator created meanwhile by code that is
/// not the scenario's (another test of the process, a thread of its own, a plain run on another thread) is never
/// mutated nor counted as reached, and two mutate plays on two threads never see each other's mutant.
///
/// ```swift
/// MutationSeam.install(session)          // the runner, before the scenario's first step
/// defer { MutationSeam.remove(session) }
/// ```
///
/// An operator method asks once, when the operator is created (where the call site is known): a thread without a
/// session pays one thread-local read per operator created, and nothing per element.
public enum MutationSeam {
    /// The thread-local slot (a retained session, or nil).
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Makes `session` the calling thread's, for the play that starts now on it.
    public static func install(_ session: MutationSession) {
        if let previous = pthread_getspecific(slot) {
            Unmanaged<MutationSession>.fromOpaque(previous).release()
        }
        pthread_setspecific(slot, Unmanaged.passRetained(session).toOpaque())
    }

    /// Removes `session` when it is still the calling thread's.
    public static func remove(_ session: MutationSession) {
        guard let installed = pthread_getspecific(slot), installed == Unmanaged.passUnretained(session).toOpaque()
        else { return }
        pthread_setspecific(slot, nil)
        Unmanaged<MutationSession>.fromOpaque(installed).release()
    }

    /// The session of the play running now on this thread; nil outside a mutate play and on other threads.
    public static var current: MutationSession? {
        guard let installed = pthread_getspecific(slot) else { return nil }
        return Unmanaged<MutationSession>.fromOpaque(installed).takeUnretainedValue()
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

    /// ``change(_:file:line:column:)`` of a point that is not an operator call in Swift (a mock's failure response,
    /// located in the scenario file): recorded as reached in a mutate play; the change when the mutant is at it.
    public static func reach(_ point: MutationPoint) -> MutationChange? {
        current?.reach(point)
    }
}
