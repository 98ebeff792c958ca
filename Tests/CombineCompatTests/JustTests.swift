import CombineCompat
import Testing

struct JustTests {
    @Test func deliversTheValueAtTheFirstDemandThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Just(42).subscribe(subscriber)
        let beforeDemand = subscriber.history
        subscriber.request(.max(1))
        #expect(beforeDemand == ["subscription"])
        #expect(subscriber.history == ["subscription", "value(42)", "finished"])
    }

    @Test func deliversToEverySubscriber() {
        let just = Just("x")
        let first = TestSubscriber<String, Never>()
        let second = TestSubscriber<String, Never>()
        just.subscribe(first)
        just.subscribe(second)
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(x)", "finished"],
                ["subscription", "value(x)", "finished"],
            ])
    }

    @Test func cancelBeforeDemandDeliversNothing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Just(1).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(subscriber.history == ["subscription"])
    }
}
