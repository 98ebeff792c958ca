import Foundation
import Testing
import VirtualTime

/// Scenarios driven from Swift Testing bodies, which run off the main thread on Linux and in parallel with other
/// tests: the driving thread plays the main thread for the scenario's MainActor work, and scenarios are serialised
/// process-wide.
@Suite struct SwiftTestingIntegrationTests {
    @Test func aScenarioRunsFromATestBodyOffTheMainThread() throws {
        // Given a Swift Testing body, which is not on the main thread
        #expect(!Thread.isMainThread)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)

        // When it runs a scenario with MainActor work, a nonisolated hop and a sleep
        try timeline.runScenario {
            Task { @MainActor in
                MainActor.assertIsolated()
                log.add("main start")
                let value = await Task.detached { "fetched" }.value
                try await Task.sleep(for: .milliseconds(250))
                log.add("main got \(value)")
            }
            try timeline.run()
        }

        // Then the work ran in order at its virtual instants
        #expect(log.lines == ["0.000s main start", "0.250s main got fetched"])
    }

    @Test func mainThreadChecksHoldOnMainThreadWorkOffTheProcesssMainThread() throws {
        // Given a Swift Testing body: the process's main thread is gone (Swift Testing called dispatch_main())
        #expect(!Thread.isMainThread)

        // When a scenario runs main-queue, MainActor and background work
        let lines = try MainThreadProbe.run()

        // Then main-thread work sees the main thread as on a phone, background work does not, and afterwards the
        // test's thread is itself again
        #expect(lines == MainThreadProbe.expected)
        #expect(!Thread.isMainThread)
    }

    @Test(arguments: 0..<4) func parallelTestsRunScenariosOneAtATimeWithTheSameOutcome(_ index: Int) async throws {
        // Given tests running in parallel, which also use the MainActor and the global executor themselves
        let echoed = await MainActor.run { index }
        #expect(echoed == index)

        // When each runs the same scenario 50 times
        var logs: Set<[String]> = []
        for _ in 0..<50 { logs.insert(try Self.workload()) }

        // Then every run gave the same log
        #expect(logs == [["0.000s a", "0.000s b", "0.100s a woke", "0.150s b woke", "0.150s joined"]])
        let afterwards = await Task.detached { index * 2 }.value
        #expect(afterwards == index * 2)
    }

    private static func workload() throws -> [String] {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task { @MainActor in
                async let first: Void = {
                    log.add("a")
                    try? await Task.sleep(for: .milliseconds(100))
                    log.add("a woke")
                }()
                async let second: Void = {
                    log.add("b")
                    try? await Task.sleep(for: .milliseconds(150))
                    log.add("b woke")
                }()
                _ = await (first, second)
                log.add("joined")
            }
            try timeline.run()
        }
        return log.lines
    }

    @Test func aMissingRuntimeSymbolIsReportedByName() {
        // Given the error raised when the process lacks a symbol the timeline needs
        let error = VirtualTimeError.runtimeHookUnavailable(symbol: "_dispatch_main_q")

        // Then its text names the symbol and what to do
        #expect(
            error.description == """
                this process does not provide '_dispatch_main_q', so a scenario's tasks and time cannot be put on the \
                virtual timeline
                  hint: use the Swift 6.3 toolchain on Linux
                """)
    }
}
