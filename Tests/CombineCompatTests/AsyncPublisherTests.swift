import CombineCompat
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
            let iterator = upstream.values.makeAsyncIterator()
            withExtendedLifetime(iterator) {}
        }
        #expect(upstream.history == ["subscribe", "cancel"])
    }
}
