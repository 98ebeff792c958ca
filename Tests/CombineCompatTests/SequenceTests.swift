import CombineCompat
import Testing

struct SequenceTests {
    @Test func publishesElementsAsDemandAllowsThenFinishesWithoutExtraDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.subscribe(subscriber)
        let afterTwo = subscriber.history
        subscriber.request(.max(1))
        #expect(afterTwo == ["subscription", "value(1)", "value(2)"])
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    @Test func emptySequenceFinishesAtOnce() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        [Int]().publisher.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "finished"])
    }

    @Test func demandReturnedFromReceiveKeepsItGoing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        (1...3).publisher.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    @Test func requestFromInsideReceiveDoesNotRecurse() {
        // Given a subscriber that requests one more value from inside every delivery
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        var depth = 0
        var maximumDepth = 0
        subscriber.onValue = { _ in
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            subscriber.request(.max(1))
            depth -= 1
        }
        // When a long sequence is published
        (0..<100_000).publisher.subscribe(subscriber)
        // Then every value arrives, from a flat loop
        #expect([subscriber.values.count, maximumDepth] == [100_000, 1])
        #expect(subscriber.history.last == "finished")
    }

    @Test func cancelMidStreamStopsDelivery() {
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue = { if $0 == 2 { subscriber.cancel() } }
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)"])
    }

    @Test func keepsTheSequence() {
        #expect(Publishers.Sequence<[Int], Never>(sequence: [1, 2]).sequence == [1, 2])
    }
}
