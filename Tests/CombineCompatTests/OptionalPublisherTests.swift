import CombineCompat
import Testing

/// `Optional.Publisher`: Apple's documentation ("publishes an optional value to each subscriber exactly once, if the
/// optional has a value"; its `receive(subscriber:)` "immediately publishing the optional's value if it has one, or
/// finishing normally if it doesn't") and Combine's declared `Failure == Never`.
struct OptionalPublisherTests {
    @Test func aValueWaitsForDemandThenFinishes() {
        // Given a subscriber that has not asked for anything yet
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Optional(7).publisher.subscribe(subscriber)
        let beforeDemand = subscriber.history
        // When it asks for one value
        subscriber.request(.max(1))
        // Then the value comes at that demand, followed by finished
        #expect(beforeDemand == ["subscription"])
        #expect(subscriber.history == ["subscription", "value(7)", "finished"])
    }

    @Test func nilFinishesAtOnceWithoutDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Optional<Int>.none.publisher.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "finished"])
    }

    @Test func everySubscriberGetsTheValueAndCancelBeforeDemandDeliversNothing() {
        let publisher = Optional("x").publisher
        let first = TestSubscriber<String, Never>()
        let cancelled = TestSubscriber<String, Never>(initialDemand: nil)
        publisher.subscribe(first)
        publisher.subscribe(cancelled)
        cancelled.cancel()
        cancelled.request(.max(1))
        #expect([first.history, cancelled.history] == [["subscription", "value(x)", "finished"], ["subscription"]])
    }

    @Test func publishersWithEqualOutputsAreEqual() {
        #expect(Optional(1).publisher == Optional.Publisher(1))
        #expect(Optional(1).publisher != Optional<Int>.none.publisher)
    }
}
