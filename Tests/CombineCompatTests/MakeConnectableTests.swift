import CombineCompat
import Testing

struct MakeConnectableTests {
    @Test func connectStartsTheUpstream() {
        let connectable = [1, 2].publisher.makeConnectable()
        let subscriber = TestSubscriber<Int, Never>()
        connectable.subscribe(subscriber)
        let beforeConnect = subscriber.history
        let connection = connectable.connect()
        #expect(beforeConnect == ["subscription"])
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "finished"])
        connection.cancel()
    }
}
