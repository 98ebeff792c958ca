import CombineCompat
import Dispatch
import Foundation
import Testing

/// Redirection is process-wide, so these tests run one at a time.
@Suite(.serialized) struct SchedulerRedirectionTests {
    @Test func debounceOnRedirectedMainQueueFiresAtVirtualTimeThenRealBehaviourReturns() throws {
        // Given a virtual timeline installed as the redirect target
        let timeline = TestScheduler()
        try SchedulerRedirection.install(timeline)
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
        upstream.send("sw")
        timeline.advance(by: .seconds(1))
        // Then
        #expect(before == ["subscription@0ms"])
        #expect(
            recorder.history + timeline.log == ["subscription@0ms", "value(s)@300ms", "target.at(300ms)@0ms"])
        #expect(earliest <= realNow && realNow <= latest)
    }
}
