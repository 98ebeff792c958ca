import CombineCompat
import Foundation
import ViewModelKit

/// A test-only ViewModel that counts, crashes or hangs on request, for the CLI's isolation tests.
final class FixtureViewModel: ViewModelable {
    enum Action: Decodable, CaseIterable {
        case tick
        case crash
        case hang
        /// Crashes the first time it runs in a folder (leaving a marker file), then ticks: a flaky scenario.
        case crashOnce
        /// Prints lines that look like the worker protocol, then ticks: printing must not confuse the CLI.
        case chatter
        /// Sleeps 30s with `Task.sleep` (no injected clock), then adds 100: on virtual time in the worker.
        case nap
        /// Two main-queue blocks due at the same instant, 100ms later: the second unwraps what the first sets, so it
        /// crashes only in a schedule that runs them the other way round (for `rehearsal explore`).
        case raceCrash
    }

    @Published private(set) var state = 0
    private var ready: Int?

    func action(_ action: Action) {
        switch action {
        case .tick:
            state += 1
        case .crash:
            let missing: Int? = nil
            // swift-format-ignore: NeverForceUnwrap
            // The crash is the point: a force unwrap of nil, as in a buggy ViewModel.
            state = missing!
        case .hang:
            // Says so to a test waiting on the pipe named by REHEARSAL_FIXTURE_NOTIFY ("hanging <pid>"), then blocks
            // the main thread for good without burning CPU, as a deadlocked ViewModel would.
            if let path = ProcessInfo.processInfo.environment["REHEARSAL_FIXTURE_NOTIFY"] {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    let line = Array("hanging \(getpid())\n".utf8)
                    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    close(descriptor)
                }
            }
            while true { pause() }
        case .crashOnce:
            let marker = FileManager.default.currentDirectoryPath + "/.crashed-once"
            guard FileManager.default.fileExists(atPath: marker) else {
                _ = FileManager.default.createFile(atPath: marker, contents: Data())
                fatalError("crashing once on purpose")
            }
            state += 1
        case .chatter:
            print("R {\"status\": \"passed\"}\nE step 0\tnoise")
            state += 1
        case .raceCrash:
            let box = UncheckedBox(self)
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { box.value.ready = 1 }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
                // swift-format-ignore: NeverForceUnwrap
                // The crash is the point: an unwrap that holds only in the default order.
                box.value.state += box.value.ready!
            }
        case .nap:
            let box = UncheckedBox(self)
            Task { @MainActor in
                try await Task.sleep(for: .seconds(30))
                box.value.state += 100
            }
        }
    }
}

/// Carries the ViewModel into its own MainActor task (the scenario drives both on one thread).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
