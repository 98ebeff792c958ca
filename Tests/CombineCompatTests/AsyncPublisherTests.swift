import CombineCompat
import Foundation
import Testing

struct AsyncPublisherTests {
    enum TestError: Error, Equatable { case boom }

    @Test func iteratesValuesUntilFinished() async {
        var collected: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            collected.append(value)
        }
        #expect(collected == [1, 2, 3])
    }

    @Test func requestsOneValueAtATime() async {
        // Given an upstream whose requests are recorded
        let upstream = DemandRecorder([1, 2].publisher)
        // When the sequence is iterated to the end
        var collected: [Int] = []
        for await value in upstream.values {
            collected.append(value)
        }
        // Then each value was requested on its own (the sequence finishes right after its last value)
        #expect(collected == [1, 2])
        #expect(upstream.log == ["request(max(1))", "request(max(1))"])
    }

    @Test func throwingSequenceRethrowsTheFailure() async {
        let record = Record<Int, TestError>(output: [1], completion: .failure(.boom))
        var collected: [Int] = []
        var caught: TestError?
        do {
            for try await value in record.values {
                collected.append(value)
            }
        } catch {
            caught = error as? TestError
        }
        #expect(collected == [1] && caught == .boom)
    }

    @Test func cancellingTheTaskCancelsTheSubscription() async {
        // Given a task iterating a subject that never sends
        let upstream = TestPublisher<Int, Never>()
        let task = Task {
            var received: [Int] = []
            for await value in upstream.values { received.append(value) }
            return received
        }
        // When the task is cancelled (before or while it waits)
        task.cancel()
        let received = await task.value
        // Then the iteration ends and the upstream was cancelled
        #expect(received == [])
        #expect(upstream.history.last == "cancel")
    }

    @Test func droppingTheIteratorCancelsTheSubscription() async {
        let upstream = TestPublisher<Int, Never>()
        do {
            let iterator = Shared(upstream.values.makeAsyncIterator())
            withExtendedLifetime(iterator) {}
        }
        #expect(upstream.history == ["subscribe", "cancel"])
    }
}

/// `values` as Combine runs it when several tasks wait on one iterator, and after a failure (the OpenCombine suite,
/// whose compatibility mode runs against Apple's Combine, in PublisherConcurrencyTests: testNonThrowingCancel,
/// testRequestValuesBeforeSubscriptionNonThrowing, testThrowingFailAfterSubscription). Each step waits for the
/// upstream to see the request it causes, so the order of the waiting tasks is known without sleeping.
struct AsyncPublisherWaitersTests {
    /// A hand-driven upstream whose subscription reports every request and cancel as an element of `events`.
    final class SignallingPublisher<Failure: Error>: Publisher, @unchecked Sendable {
        typealias Output = Int
        let events: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation
        private let lock = NSLock()
        private var subscriber: AnySubscriber<Int, Failure>?

        init() {
            (events, continuation) = AsyncStream.makeStream(of: String.self)
        }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
            let erased = AnySubscriber(subscriber)
            lock.withLock { self.subscriber = erased }
            erased.receive(subscription: Signal(continuation: continuation))
        }

        func send(_ value: Int) { _ = lock.withLock { subscriber }?.receive(value) }
        func send(completion: Subscribers.Completion<Failure>) {
            lock.withLock { subscriber }?.receive(completion: completion)
        }

        private final class Signal: Subscription, @unchecked Sendable {
            let continuation: AsyncStream<String>.Continuation
            init(continuation: AsyncStream<String>.Continuation) { self.continuation = continuation }
            func request(_ demand: Subscribers.Demand) { continuation.yield("request(\(demand))") }
            func cancel() { continuation.yield("cancel") }
        }
    }

    @Test func twoWaitingTasksEachReceiveTheirOwnValueInTheOrderTheyAsked() async {
        // Given two tasks waiting on copies of one iterator, the first one asking first
        let upstream = SignallingPublisher<Never>()
        var signals = upstream.events.makeAsyncIterator()
        let iterator = Shared(upstream.values.makeAsyncIterator())
        let first = Task {
            var copy = iterator.value
            return await copy.next()
        }
        let firstAsked = await signals.next()
        let second = Task {
            var copy = iterator.value
            return await copy.next()
        }
        let secondAsked = await signals.next()
        // When two values arrive
        upstream.send(1)
        upstream.send(2)
        // Then neither waiter was lost: each asked for one value and received its own
        let received = [await first.value, await second.value]
        #expect([firstAsked, secondAsked] == ["request(max(1))", "request(max(1))"] && received == [1, 2])
    }

    @Test func aFailureIsThrownOnceToTheOldestWaiterAndEveryOtherCallEnds() async {
        // Given two tasks waiting on one throwing iterator
        let upstream = SignallingPublisher<TestError>()
        var signals = upstream.events.makeAsyncIterator()
        let iterator = Shared(upstream.values.makeAsyncIterator())
        let first = Task {
            var copy = iterator.value
            return await Result { try await copy.next() }
        }
        _ = await signals.next()
        let second = Task {
            var copy = iterator.value
            return await Result { try await copy.next() }
        }
        _ = await signals.next()
        // When the upstream fails, and a third call follows
        upstream.send(completion: .failure(TestError("boom")))
        var third = iterator.value
        let later = await Result { try await third.next() }
        // Then the oldest waiter saw the error, every other call the end of the sequence
        let outcomes = [await first.value, await second.value, later].map { "\($0)" }
        #expect(outcomes == ["failure(boom)", "success(nil)", "success(nil)"])
    }

    @Test func aFailureWithNobodyWaitingIsThrownByTheNextCallOnly() async {
        // Given an iterator whose upstream failed before anyone asked
        let upstream = SignallingPublisher<TestError>()
        var iterator = upstream.values.makeAsyncIterator()
        upstream.send(completion: .failure(TestError("boom")))
        // When it is asked three times
        var outcomes: [String] = []
        for _ in 0..<3 { outcomes.append("\(await Result { try await iterator.next() })") }
        // Then it throws once, then ends
        #expect(outcomes == ["failure(boom)", "success(nil)", "success(nil)"])
    }

    @Test func cancellingOneWaitingTaskEndsEveryWaiterAndCancelsTheUpstream() async {
        // Given two waiting tasks
        let upstream = SignallingPublisher<Never>()
        var signals = upstream.events.makeAsyncIterator()
        let iterator = Shared(upstream.values.makeAsyncIterator())
        let first = Task {
            var copy = iterator.value
            return await copy.next()
        }
        _ = await signals.next()
        let second = Task {
            var copy = iterator.value
            return await copy.next()
        }
        _ = await signals.next()
        // When the first task is cancelled
        first.cancel()
        let cancelled = await signals.next()
        // Then both calls end and the upstream saw the cancel
        let received = [await first.value, await second.value]
        #expect(cancelled == "cancel" && received == [nil, nil])
    }
}

extension Result where Failure == Error {
    /// Captures the outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
