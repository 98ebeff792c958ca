import CombineCompat
import RehearsalBase

/// A one-shot gate a task waits on until it is opened (by cancellation). Safe when `open` comes first.
final class CancellationGate: @unchecked Sendable {
    private let lock = _Lock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var isOpen = false

    /// Suspends until ``open()`` is called (returns at once when it already was).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow: Bool = lock.withLock {
                if isOpen { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate, resuming the waiting task if there is one.
    func open() {
        let continuation: CheckedContinuation<Void, Never>? = lock.withLock {
            isOpen = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume()
    }
}
