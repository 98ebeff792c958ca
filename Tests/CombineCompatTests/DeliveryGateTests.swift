import CombineCompat
import Dispatch
import Foundation
import Synchronization
import Testing

/// A subscriber receives one value at a time, and a value sent from inside it on the same thread at once: what the
/// public record says of Combine's subjects (a `PassthroughSubject` is safe to send to from any thread; Apple's
/// documentation of `Subscriber` asks publishers to call it serially). These tests drive CombineCompat's delivery
/// gates where they must wait: a subscriber that runs long while other threads send to it (they park until it
/// returns), and sinks cancelled from another thread while their closure runs on a path that has no gate.
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

    @Test func aSinkBehindAnUngatedOperatorCancelledWhileItsClosureRunsReleasesItWhenItReturns() {
        // Given a sink behind handleEvents (whose subscription has no gate of its own) whose closure waits on
        // this thread, holding the last reference to a token
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        let received = Atomic<Int>(0)
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.handleEvents().sink { _ in
                withExtendedLifetime(token) {
                    entered.signal()
                    proceed.wait()
                    received.add(1, ordering: .relaxed)
                }
            }
        }
        let shared = Shared(subject)
        let sender = Thread {
            shared.value.send(1)
            sent.signal()
        }
        sender.start()
        // When this thread cancels while the other one is inside the closure
        entered.wait()
        cancellable?.cancel()
        let aliveWhileRunning = weakToken != nil
        proceed.signal()
        sent.wait()
        subject.send(2)
        // Then the closure finished its delivery, was released when it returned, and received nothing more
        #expect(
            [aliveWhileRunning, weakToken == nil, received.load(ordering: .relaxed) == 1] == [true, true, true])
        withExtendedLifetime(cancellable) {}
    }
}
