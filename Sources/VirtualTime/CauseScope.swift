import Synchronization

/// A ``WorkCause`` that work is attributed to (`.step(3)`), interned per timeline, with its job counts.
///
/// Each cause owns one `CauseScope`, which is what gets bound as the task-local while the cause's work runs.
/// Tasks created with `Task { }` copy their creator's task-locals, so every task started under the cause holds
/// the scope until it completes (the runtime releases task-locals on completion, even when the `Task` handle is
/// kept). The cause's own reference being the only one left therefore means: no unfinished task of this cause.
/// `Task.detached` copies nothing: detached tasks are attributed through their jobs only.
///
/// The cause and its scope reference each other (no weak references: they would make every retain of a cause
/// take the runtime's slow path); the registry breaks the cycle when its timeline goes away.
final class Cause: @unchecked Sendable {
    let label: WorkCause
    /// The unique id of the owning registry, so that a task outliving its timeline is not attributed to another.
    let registryID: UInt64
    /// Guarded by the owning timeline's lock; nil once the timeline is gone.
    var scope: CauseScope?
    /// Global-executor jobs; guarded by the owning timeline's lock.
    var jobs = PendingWork.JobCount()

    init(label: WorkCause, registryID: UInt64) {
        self.label = label
        self.registryID = registryID
        self.scope = CauseScope(cause: self)
    }

    /// Whether a task started under this cause has not finished. Call under the owning timeline's lock, outside
    /// any binding of this cause.
    func hasUnfinishedTasks() -> Bool {
        scope != nil && !isKnownUniquelyReferenced(&scope)
    }
}

/// The task-local that carries the running work's cause.
final class CauseScope: @unchecked Sendable {
    @TaskLocal static var current: CauseScope?

    let cause: Cause

    init(cause: Cause) {
        self.cause = cause
    }
}

/// The causes of one timeline, interned by value, in order of first use.
final class CauseRegistry: @unchecked Sendable {
    private static let nextID = Atomic<UInt64>(0)

    /// Unique per registry in this process.
    let id = CauseRegistry.nextID.add(1, ordering: .relaxed).newValue
    private(set) var all: [Cause] = []
    /// A run's causes are its setup, its steps by index and its teardown, kept where they are found without hashing;
    /// any other by label.
    private var setup: Cause?
    private var teardown: Cause?
    private var steps: [Cause?] = []
    private var others: [WorkCause: Cause] = [:]

    deinit {
        for cause in all { cause.scope = nil }
    }

    /// The cause named `label`, created on first use. Call under the owning timeline's lock.
    func cause(_ label: WorkCause) -> Cause {
        switch label {
        case .setup: return setup ?? created(label) { setup = $0 }
        case .teardown: return teardown ?? created(label) { teardown = $0 }
        case .step(let index) where index >= 0:
            if index < steps.count, let cause = steps[index] { return cause }
            return created(label) { cause in
                if index >= steps.count { steps.append(contentsOf: repeatElement(nil, count: index + 1 - steps.count)) }
                steps[index] = cause
            }
        case .step, .named:
            if let cause = others[label] { return cause }
            return created(label) { others[label] = $0 }
        }
    }

    /// A new cause for `label`, kept by `keep` and in ``all``.
    private func created(_ label: WorkCause, keep: (Cause) -> Void) -> Cause {
        let cause = Cause(label: label, registryID: id)
        keep(cause)
        all.append(cause)
        return cause
    }
}
