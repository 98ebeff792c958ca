import Dispatch
import Foundation
import VirtualTime
import XCTest

/// Scenarios inside XCTest: on the main thread (where XCTest runs test methods) and from another thread of the
/// same test process.
final class XCTestIntegrationTests: XCTestCase {
    private static func workload() throws -> (lines: [String], systemTime: SystemTime?) {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(120))
                DispatchQueue.main.async { MainActor.assumeIsolated { log.add("main block, MainActor isolated") } }
                log.add("woke at \(Date().formatted(.iso8601))")
            }
            try timeline.run()
        }
        return (log.lines, timeline.systemTime)
    }

    func testAScenarioRunsOnTheMainThreadOfAnXCTestMethod() throws {
        XCTAssertTrue(Thread.isMainThread)
        let run = try Self.workload()
        XCTAssertEqual(run.lines, ["0.120s woke at 2026-01-01T09:00:00Z", "0.120s main block, MainActor isolated"])
        XCTAssertEqual(run.systemTime, .virtual)
    }

    func testMainThreadChecksHoldOnMainThreadWorkAndNotOnBackgroundWork() throws {
        // Given an XCTest method on the process's main thread
        XCTAssertTrue(Thread.isMainThread)

        // When a scenario runs main-queue, MainActor and background work
        let lines = try MainThreadProbe.run()

        // Then background work is off the main thread although the same thread runs it, and the method's thread is
        // the main thread again afterwards
        XCTAssertEqual(lines, MainThreadProbe.expected)
        XCTAssertTrue(Thread.isMainThread)
    }

    func testAScenarioRunsOnAnotherThreadOfAnXCTestProcess() throws {
        // Given a plain thread of the test process, while the main thread waits
        final class Outcome: @unchecked Sendable {
            var lines: [String] = []
            var failure: Error?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                outcome.lines = try Self.workload().lines
            } catch {
                outcome.failure = error
            }
            done.signal()
        }

        // When it runs the scenario
        thread.start()
        done.wait()

        // Then it ran as on the main thread
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(outcome.lines, ["0.120s woke at 2026-01-01T09:00:00Z", "0.120s main block, MainActor isolated"])
    }

    func testWithSystemTimeRealTheMainQueueIsDrainedOnTheMainThreadAsBefore() throws {
        // Given system time switched off, on the main thread, a block for the real main queue
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario(virtualizesSystemTime: false) {
            try timeline.advance(to: .milliseconds(40))
            DispatchQueue.main.async { log.add("main-queue block") }

            // When the timeline settles
            try timeline.settle()
        }

        // Then the block ran at the current virtual instant, as the previous main-queue drain did
        XCTAssertEqual(log.lines, ["0.040s main-queue block"])
        XCTAssertEqual(timeline.systemTime, .real(.switchedOff))
    }
}
