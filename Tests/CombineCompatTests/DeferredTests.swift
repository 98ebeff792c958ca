import CombineCompat
import Testing

struct DeferredTests {
    @Test func createsAPublisherPerSubscriber() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in
            created += 1
            return Just(created)
        }
        let beforeSubscribing = created
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(beforeSubscribing == 0)
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "finished"],
                ["subscription", "value(2)", "finished"],
            ])
    }
}
