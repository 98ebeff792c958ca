import CombineCompat
import Testing

struct EmptyTests {
    @Test func completesImmediatelyByDefault() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Empty<Int, Never>().subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "finished"])
    }

    @Test func neverCompletesWhenAskedNotTo() {
        let subscriber = TestSubscriber<Int, Never>()
        Empty(completeImmediately: false, outputType: Int.self, failureType: Never.self).subscribe(subscriber)
        #expect(subscriber.history == ["subscription"])
    }

    @Test func equalWhenBehaviourMatches() {
        #expect(Empty<Int, Never>() == Empty<Int, Never>(completeImmediately: true))
        #expect(Empty<Int, Never>() != Empty<Int, Never>(completeImmediately: false))
    }
}
