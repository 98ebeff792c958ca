import CombineCompat
import Testing

struct ResultPublisherTests {
    enum TestError: Error { case boom }

    @Test func successDeliversAtDemandThenFinishes() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
        Result<Int, TestError>.success(3).publisher.subscribe(subscriber)
        subscriber.request(.max(1))
        #expect(subscriber.history == ["subscription", "value(3)", "finished"])
    }

    @Test func failureFailsImmediately() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
        Result<Int, TestError>.failure(.boom).publisher.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "failure(boom)"])
    }
}
