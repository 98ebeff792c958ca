import Dispatch
import Foundation
import VirtualTime

/// ViewModels written as teams write them, with no injected clock: they sleep with `Task.sleep`, stamp with
/// `Date()` and hop with `DispatchQueue`. Each logs what it does through `log`, stamped with the virtual instant.

/// Debounces a search field with `Task.sleep` and stamps each search with `Date()`.
@MainActor
final class DebouncingSearchViewModel {
    private let log: EventLog
    private var pending: Task<Void, Never>?

    init(log: EventLog) {
        self.log = log
    }

    func type(_ text: String) {
        pending?.cancel()
        pending = Task { [weak self] in
            do {
                try await Task.sleep(for: .milliseconds(300))
            } catch {
                self?.log.add("debounce of '\(text)' cancelled")
                return
            }
            self?.search(text)
        }
    }

    private func search(_ text: String) {
        log.add("search '\(text)' at \(Date().formatted(.iso8601))")
    }
}

/// Shows a toast with `DispatchQueue.main.asyncAfter`, loads on a global queue and comes back to the main queue.
final class DispatchingViewModel: @unchecked Sendable {
    private let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func showToast() {
        log.add("toast shown")
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [log] in log.add("toast hidden") }
    }

    func load() {
        DispatchQueue.global().async { [log] in
            log.add("loading on a global queue")
            DispatchQueue.main.async {
                let isolated = MainActor.assumeIsolated { true }
                log.add("back on main, MainActor isolated: \(isolated)")
            }
        }
    }
}
