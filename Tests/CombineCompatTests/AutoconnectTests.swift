import CombineCompat
import Testing

struct AutoconnectTests {
    @Test func firstSubscriberConnectsAndLastCancelDisconnects() {
        // Given an autoconnecting publisher
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        // When two subscribe, values flow, and both cancel
        shared.subscribe(first)
        upstream.send(1)
        shared.subscribe(second)
        upstream.send(2)
        first.cancel()
        let afterFirstCancel = upstream.history
        second.cancel()
        // Then the upstream was subscribed once and cancelled with the last subscriber
        #expect(afterFirstCancel == ["subscribe", "request(unlimited)"])
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "value(2)"],
                ["subscription", "value(2)"],
            ])
    }

    @Test func aNewSubscriberReconnects() {
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        first.cancel()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(second)
        upstream.send(3)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)"])
        #expect(second.history == ["subscription", "value(3)"])
    }
}
