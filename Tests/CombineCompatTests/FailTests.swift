import CombineCompat
import Testing

struct FailTests {
    enum TestError: Error, Equatable { case boom }

    @Test func failsImmediatelyWithoutDemand() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
        Fail(outputType: Int.self, failure: TestError.boom).subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "failure(boom)"])
    }

    @Test func errorIsExposed() {
        #expect(Fail<Int, TestError>(error: .boom).error == .boom)
    }
}
