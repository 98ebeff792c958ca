import CombineCompat
import Foundation
import Testing

/// The subjects' own `sink` (attached without a `Subscribers.Sink`) must behave exactly like `Publisher.sink`.
struct SubjectSinkTests {
    enum TestError: Error { case boom }

    @Test func passthroughSinkRecordsValuesThenTheCompletionOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        var events: [String] = []
        let cancellable = subject.sink(
            receiveCompletion: { events.append("\($0)") },
            receiveValue: { events.append("value(\($0))") }
        )
        subject.send(1)
        subject.send(completion: .failure(.boom))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(events == ["value(1)", "failure(CombineCompatTests.SubjectSinkTests.TestError.boom)"])
        cancellable.cancel()
    }

    @Test func lateSinkReceivesTheCompletionAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(completion: .finished)
        var events: [String] = []
        let cancellable = subject.sink(
            receiveCompletion: { events.append("\($0)") },
            receiveValue: { events.append("value(\($0))") }
        )
        #expect(events == ["finished"])
        cancellable.cancel()
    }

    @Test func currentValueSinkGetsTheCurrentValueFirst() {
        let subject = CurrentValueSubject<String, Never>("a")
        var values: [String] = []
        let cancellable = subject.sink { values.append($0) }
        subject.value = "b"
        cancellable.cancel()
        subject.value = "c"
        #expect(values == ["a", "b"])
    }

    @Test func cancelFromInsideTheSinkStopsLaterValues() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            values.append(value)
            if value == 2 { cancellable?.cancel() }
        }
        for value in 1...4 { subject.send(value) }
        #expect(values == [1, 2])
    }

    @Test func objectWillChangeAndPublishedProjectionUseTheSameBehaviour() {
        final class Model: ObservableObject {
            @Published var count = 0
        }
        let model = Model()
        var log: [String] = []
        let changes = model.objectWillChange.sink { log.append("change") }
        let counts = model.$count.sink { log.append("count \($0)") }
        model.count = 1
        counts.cancel()
        model.count = 2
        #expect(log == ["count 0", "change", "count 1", "change"])
        changes.cancel()
    }

    @Test func concurrentSendsReachEverySinkExactlyOnce() {
        // Given three sinks counting what they receive
        let subject = PassthroughSubject<Int, Never>()
        let lock = NSLock()
        nonisolated(unsafe) var totals = Array(repeating: [0, 0], count: 3)
        let cancellables = (0..<3).map { index in
            subject.sink { value in
                lock.withLock {
                    totals[index][0] += 1
                    totals[index][1] += value
                }
            }
        }
        // When 8 threads send 10,000 values each
        let shared = Shared(subject)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<10_000 { shared.value.send(thread * 10_000 + index) }
        }
        // Then each sink saw 80,000 values summing to 0 + 1 + ... + 79,999
        #expect(lock.withLock { totals } == Array(repeating: [80_000, 79_999 * 80_000 / 2], count: 3))
        cancellables.forEach { $0.cancel() }
    }
}
