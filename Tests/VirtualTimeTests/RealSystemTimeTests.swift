import Dispatch
import Foundation
import Testing
import VirtualTime
import XCTest

/// A ViewModel of a shape every iOS code base has: it hops back to the main queue with `DispatchQueue.main.async`
/// to publish a result, and (a bug) one that keeps re-posting itself to the main queue.
private final class MainHopViewModel: @unchecked Sendable {
    private let log: EventLog
    private(set) var reposts = 0

    init(log: EventLog) {
        self.log = log
    }

    func publish(_ value: String) {
        DispatchQueue.main.async { [log] in
            log.add("published \(value) on the scenario thread: \(Self.onScenarioThread)")
        }
    }

    func keepRefreshing() {
        DispatchQueue.main.async { [weak self] in
            self?.reposts += 1
            self?.keepRefreshing()
        }
    }

    /// Set to the thread that drives the scenario.
    nonisolated(unsafe) static var scenarioThread: pthread_t?
    static var onScenarioThread: Bool { scenarioThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
}

/// With system time switched off (`REHEARSAL_SYSTEM_TIME=real`), the main-queue blocks the scenario submits still
/// run on its timeline, in order, at the instant they were submitted (as the main-queue drain of earlier versions
/// did on the main thread), whatever thread drives the scenario, and are abandoned with the scenario.
@Suite struct RealSystemTimeSwiftTestingTests {
    @Test func mainQueueHopsRunOnTheTimelineOffTheMainThread() throws {
        // Given a Swift Testing body (off the main thread) running a scenario with system time switched off
        #expect(!Thread.isMainThread)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let viewModel = MainHopViewModel(log: log)
        try timeline.runScenario(virtualizesSystemTime: false) {
            MainHopViewModel.scenarioThread = pthread_self()

            // When the ViewModel publishes at 0.000s and at 0.040s
            viewModel.publish("first")
            try timeline.settle()
            try timeline.advance(to: .milliseconds(40))
            viewModel.publish("second")
            try timeline.advance(to: .milliseconds(50))
            log.add("end")
        }

        // Then each block ran on the scenario's thread at the instant it was submitted, not on the real main thread
        #expect(
            log.lines == [
                "0.000s published first on the scenario thread: true",
                "0.040s published second on the scenario thread: true", "0.050s end",
            ])
    }

    @Test func mainQueuePreconditionsHoldForMainActorWorkOffTheMainThread() throws {
        // Given MainActor code and a main-queue block that check `dispatchPrecondition(condition: .onQueue(.main))`,
        // as UIKit-era code does, in a scenario with system time switched off, off the main thread
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario(virtualizesSystemTime: false) {
            // When they run
            Task { @MainActor in
                dispatchPrecondition(condition: .onQueue(.main))
                log.add("MainActor task on the main queue")
                DispatchQueue.main.async {
                    dispatchPrecondition(condition: .onQueue(.main))
                    log.add("main-queue block on the main queue")
                }
            }
            try timeline.run()
        }

        // Then both pass, as with virtual system time (the scenario thread plays the main thread)
        #expect(log.lines == ["0.000s MainActor task on the main queue", "0.000s main-queue block on the main queue"])
    }
}

/// The same, on the main thread of an XCTest method, where the real main queue could be drained.
final class RealSystemTimeXCTests: XCTestCase {
    func testMainQueueBlocksOfAScenarioStoppedAtALimitNeverRunInTheNextOne() throws {
        // Given a scenario with system time switched off whose ViewModel keeps re-posting to the main queue,
        // stopped at the step limit
        XCTAssertTrue(Thread.isMainThread)
        let stopped = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: 100))
        let runaway = MainHopViewModel(log: EventLog(stopped))
        XCTAssertThrowsError(
            try stopped.runScenario(virtualizesSystemTime: false) {
                runaway.keepRefreshing()
                try stopped.run()
            })
        let repostsWhenStopped = runaway.reposts

        // When the next scenario runs on the same thread
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario(virtualizesSystemTime: false) {
            DispatchQueue.main.async { log.add("the next scenario's block") }
            try timeline.run()
        }

        // Then only its own work ran: the stopped scenario's blocks were abandoned with it
        XCTAssertEqual(log.lines, ["0.000s the next scenario's block"])
        XCTAssertEqual(runaway.reposts, repostsWhenStopped)
    }
}
