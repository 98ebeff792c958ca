/// The cause bound to the running task (or, outside any task, to the running timer or step), as a task-local.
///
/// Tasks created with `Task { }` copy their creator's task-locals, so every task started while a scope is bound
/// holds that scope until the task completes (the runtime releases task-locals on completion, even when the
/// `Task` handle is kept). Counting live scopes per label therefore tells which causes still have unfinished
/// tasks. `Task.detached` copies nothing: detached tasks are attributed through their jobs only.
final class CauseScope: @unchecked Sendable {
    @TaskLocal static var current: CauseScope?

    let label: String
    let registry: CauseRegistry

    init(label: String, registry: CauseRegistry) {
        self.label = label
        self.registry = registry
        registry.retain(label)
    }

    deinit {
        registry.release(label)
    }
}

/// Live `CauseScope` counts per label, for one timeline. Thread-safe: scopes die on whatever thread their last
/// task completes.
final class CauseRegistry: @unchecked Sendable {
    private let lock = TimelineLock()
    private var live: [String: Int] = [:]

    func retain(_ label: String) {
        lock.withLock { live[label, default: 0] += 1 }
    }

    func release(_ label: String) {
        lock.withLock {
            let remaining = (live[label] ?? 1) - 1
            live[label] = remaining > 0 ? remaining : nil
        }
    }

    /// Labels with live scopes and how many scopes each (each scope: one step, timer firing or drain that
    /// started at least one task that has not finished).
    var liveCounts: [String: Int] { lock.withLock { live } }
}
