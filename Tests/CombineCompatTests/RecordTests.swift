import CombineCompat
import Testing

struct RecordTests {
    enum TestError: Error { case boom }

    @Test func playsBackTheRecordingAsDemandAllows() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(.boom))
        }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        record.subscribe(subscriber)
        let afterOne = subscriber.history
        subscriber.request(.max(1))
        #expect(afterOne == ["subscription", "value(1)"])
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "failure(boom)"])
    }

    @Test func outputAndCompletionInitialiser() {
        let record = Record<String, Never>(output: ["a", "b"], completion: .finished)
        let subscriber = TestSubscriber<String, Never>()
        record.subscribe(subscriber)
        record.subscribe(subscriber)
        #expect(
            subscriber.history == [
                "subscription", "value(a)", "value(b)", "finished",
                "subscription", "value(a)", "value(b)", "finished",
            ])
    }

    @Test func emptyRecordingFinishes() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        Record<Int, Never> { _ in }.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "finished"])
    }
}
