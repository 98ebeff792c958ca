import CombineCompat
import Dispatch
import Foundation
import Synchronization
import Testing

/// A subscriber receives one value at a time, and a value sent from inside it on the same thread at once: what the
/// public record says of Combine's subjects (a `PassthroughSubject` is safe to send to from any thread; Apple's
/// documentation of `Subscriber` asks publishers to call it serially). These tests drive CombineCompat's delivery
/// gates where they must wait: a subscriber that runs long while other threads send to it (they park until it
/// returns). DeliveryLifetimeTests cancels sinks while their closure runs, on gated paths and one without a gate.
@Suite struct DeliveryGateTests {
    @Test func threadsSendingWhileASubscriberRunsLongEachDeliverOnceItReturns() {
        // Given a sink whose first value keeps it busy for a long while (long enough for waiting threads to stop
        // spinning and park), counting deliveries and overlaps
        let subject = PassthroughSubject<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = Mutex([Int]())
        let firstArrived = DispatchSemaphore(value: 0)
        let cancellable = subject.sink { value in
            if inside.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            if value == -1 {
                firstArrived.signal()
                var work = 0
                for step in 0..<20_000_000 { work &+= step }
                received.withLock { $0.append(work &* 0 - 1) }
            } else {
                received.withLock { $0.append(value) }
            }
            inside.subtract(1, ordering: .relaxed)
        }
        let shared = Shared(subject)
        let sender = Thread { shared.value.send(-1) }
        sender.start()
        firstArrived.wait()
        // When three threads send 1,000 values each while that delivery runs
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            for value in 0..<1_000 { shared.value.send(thread * 1_000 + value) }
        }
        subject.send(completion: .finished)
        // Then every value arrived once, one delivery at a time, the long one first
        let values = received.withLock { $0 }
        #expect(values.first == -1)
        #expect(values.sorted() == [-1] + Array(0..<3_000))
        #expect(overlaps.load(ordering: .relaxed) == 0)
        withExtendedLifetime(cancellable) {}
    }
}
