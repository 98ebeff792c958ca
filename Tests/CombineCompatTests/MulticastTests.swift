import CombineCompat
import Testing

struct MulticastTests {
    @Test func nothingFlowsUntilConnect() {
        // Given two subscribers of a multicast
        var subjectsCreated = 0
        let multicast = [1, 2].publisher.multicast { () -> PassthroughSubject<Int, Never> in
            subjectsCreated += 1
            return PassthroughSubject()
        }
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        multicast.subscribe(first)
        multicast.subscribe(second)
        let beforeConnect = first.history
        // When
        let connection = multicast.connect()
        // Then both received the values through one subject
        #expect(beforeConnect == ["subscription"])
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "value(2)", "finished"],
                ["subscription", "value(1)", "value(2)", "finished"],
            ])
        #expect(subjectsCreated == 1)
        connection.cancel()
    }

    @Test func cancellingTheConnectionCancelsUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast(subject: subject)
        let subscriber = TestSubscriber<Int, Never>()
        multicast.subscribe(subscriber)
        let connection = multicast.connect()
        upstream.send(1)
        connection.cancel()
        upstream.send(2)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(subscriber.history == ["subscription", "value(1)"])
    }
}
