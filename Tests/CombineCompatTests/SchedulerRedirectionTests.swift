import CombineCompat
import Dispatch
import Foundation
import Testing

/// Redirection is per thread; every test that installs a target, or relies on real scheduling, still lives in
/// this serialized suite (nested suites in other files inherit `.serialized`).
@Suite(.serialized) struct SchedulerRedirectionTests {
    @Test func debounceOnRedirectedMainQueueFiresAtVirtualTimeThenRealBehaviourReturns() throws {
        // Given a virtual timeline installed as the redirect target
        let timeline = TestScheduler()
        try SchedulerRedirection.install(timeline)
        defer { SchedulerRedirection.remove(timeline) }
        let upstream = TestPublisher<String, Never>()
        let recorder = TimedRecorder<String, Never>(scheduler: timeline)
        upstream.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).subscribe(recorder)
        // When
        upstream.send("s")
        timeline.advance(by: .milliseconds(299))
        let before = recorder.history
        timeline.advance(by: .milliseconds(1))
        SchedulerRedirection.remove(timeline)
        let earliest = DispatchTime.now()
        let realNow = DispatchQueue.main.now.dispatchTime
        let latest = DispatchTime.now()
        recorder.cancel()
        // Then
        #expect(before == ["subscription@0ms"])
        #expect(recorder.history + timeline.log == ["subscription@0ms", "value(s)@300ms", "target.at(300ms)@0ms"])
        #expect(earliest <= realNow && realNow <= latest)
    }

    @Test func secondInstallIsRefusedWithAnExplanation() throws {
        let first = TestScheduler(), second = TestScheduler()
        try SchedulerRedirection.install(first)
        defer { SchedulerRedirection.remove(first) }
        #expect(throws: SchedulerRedirectionError.alreadyInstalled) { try SchedulerRedirection.install(second) }
        #expect(
            "\(SchedulerRedirectionError.alreadyInstalled)"
                == "another virtual timeline already redirects the schedulers of this thread; "
                + "run one scenario at a time per thread")
    }

    @Test func dispatchQueueMapsVirtualTimeAndSendsEveryKindOfWorkToTheTarget() throws {
        // Given
        let timeline = TestScheduler()
        try SchedulerRedirection.install(timeline)
        defer { SchedulerRedirection.remove(timeline) }
        let queue = DispatchQueue(label: "redirected")
        var log: [String] = []
        timeline.advance(by: .milliseconds(5))
        // When
        let now = queue.now
        queue.schedule { log.append("now@\(timeline.nowMilliseconds)") }
        queue.schedule(after: now.advanced(by: .milliseconds(20))) { log.append("after@\(timeline.nowMilliseconds)") }
        let repeating = queue.schedule(after: now.advanced(by: .milliseconds(10)), interval: .milliseconds(10)) {
            log.append("tick@\(timeline.nowMilliseconds)")
        }
        timeline.advance(by: .milliseconds(30))
        repeating.cancel()
        timeline.advance(by: .milliseconds(30))
        // Then
        #expect(now.dispatchTime.uptimeNanoseconds == 1_005_000_000)
        #expect(log == ["now@5", "tick@15", "after@25", "tick@25", "tick@35"])
        #expect(timeline.log == ["target.schedule@5ms", "target.at(25ms)@5ms", "target.every(15ms)@5ms"])
    }

    @Test func runLoopAndOperationQueueMapVirtualTimeToReferenceDates() throws {
        // Given
        let timeline = TestScheduler()
        try SchedulerRedirection.install(timeline)
        defer { SchedulerRedirection.remove(timeline) }
        var log: [String] = []
        timeline.advance(by: .milliseconds(250))
        // When
        let runLoopNow = RunLoop.main.now
        let operationNow = OperationQueue.main.now
        RunLoop.main.schedule { log.append("runLoop@\(timeline.nowMilliseconds)") }
        OperationQueue.main.schedule(after: operationNow.advanced(by: 0.5)) {
            log.append("operation@\(timeline.nowMilliseconds)")
        }
        let ticks = RunLoop.main.schedule(after: runLoopNow, interval: .milliseconds(400)) {
            log.append("tick@\(timeline.nowMilliseconds)")
        }
        timeline.advance(by: .milliseconds(900))
        ticks.cancel()
        // Then
        #expect(runLoopNow.date == Date(timeIntervalSinceReferenceDate: 0.25))
        #expect(operationNow.date == runLoopNow.date)
        #expect(log == ["runLoop@250", "tick@250", "tick@650", "operation@750", "tick@1050"])
    }

    @Test func withoutATargetDispatchAndOperationQueuesRunForReal() {
        // Given no redirection
        let queue = DispatchQueue(label: "real")
        let operations = OperationQueue()
        let done = DispatchSemaphore(value: 0)
        let log = Log()
        // When
        queue.schedule { log.append("dispatch") }
        queue.sync {}
        queue.schedule(after: queue.now) {
            log.append("dispatch after")
            done.signal()
        }
        done.wait()
        operations.schedule { log.append("operation") }
        operations.waitUntilAllOperationsAreFinished()
        let runLoop = RunLoop.current
        runLoop.schedule { log.append("run loop") }
        runLoop.schedule(after: runLoop.now.advanced(by: -1)) { log.append("run loop timer") }
        // One pass of the current run loop, without waiting: both are already due.
        _ = runLoop.run(mode: .default, before: .distantPast)
        _ = runLoop.run(mode: .default, before: .distantPast)
        // Then
        #expect(log.entries == ["dispatch", "dispatch after", "operation", "run loop", "run loop timer"])
    }
}

/// A thread-safe list for work that runs on real queues.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var _entries: [String] = []
    var entries: [String] { lock.withLock { _entries } }
    func append(_ entry: String) { lock.withLock { _entries.append(entry) } }
}
