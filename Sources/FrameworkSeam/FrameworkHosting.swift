import Foundation

/// Where the stand-ins find the running scenario's ``FrameworkHost``: one slot for the process, which the runner
/// fills while a scenario runs (scenarios run one at a time per process). Only the thread that installed the host,
/// the one that plays the scenario and runs all of its work, finds it: a stand-in used at the same time by code
/// that is not the scenario's (another test of the process, a thread of its own) records nothing into it.
///
/// ```swift
/// FrameworkHosting.install(host)          // the runner, before the scenario's first step
/// defer { FrameworkHosting.remove(host) }
/// ```
public enum FrameworkHosting {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (host: any FrameworkHost, thread: pthread_t)?
    nonisolated(unsafe) private static var installations = 0

    /// The host of the scenario running now on this thread; `nil` outside a scenario and on other threads.
    public static var current: (any FrameworkHost)? {
        lock.lock()
        defer { lock.unlock() }
        guard let installed, pthread_equal(installed.thread, pthread_self()) != 0 else { return nil }
        return installed.host
    }

    /// How many hosts were installed so far in this process: ``RunLocal`` values start afresh when it changes.
    public static var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return installations
    }

    /// Makes `host` the current host of the calling thread, for the scenario that starts now on it.
    public static func install(_ host: any FrameworkHost) {
        lock.lock()
        defer { lock.unlock() }
        installed = (host, pthread_self())
        installations += 1
    }

    /// Removes `host` when it is still the current one.
    public static func remove(_ host: any FrameworkHost) {
        lock.lock()
        defer { lock.unlock() }
        if installed?.host === host { installed = nil }
    }
}

/// State a device keeps for the app as a whole (its location or photo library authorisation), which each scenario
/// starts afresh: the value is `initial` again whenever another host was installed since it was last set.
///
/// ```swift
/// static let status = RunLocal<CLAuthorizationStatus?>(nil)
/// status.value = .authorizedWhenInUse       // until the next scenario starts
/// ```
public final class RunLocal<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let initial: Value
    private var stored: Value
    private var generation: Int

    /// A value that is `initial` at the start of every scenario.
    public init(_ initial: Value) {
        self.initial = initial
        stored = initial
        generation = FrameworkHosting.generation
    }

    /// The value in the scenario running now.
    public var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            refresh()
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            refresh()
            stored = newValue
        }
    }

    private func refresh() {
        let current = FrameworkHosting.generation
        if generation != current {
            generation = current
            stored = initial
        }
    }
}
