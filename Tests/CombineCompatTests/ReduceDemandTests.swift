import CombineCompat
import Testing

/// The reducing operators (`first`, `last`, `min`, `max` and their `where`/`try` forms) hold their end, a bare
/// `.finished` included, until the subscriber asks for something. Evidence: the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine (ReduceTests.testUpstreamFinishesImmediatelyWithoutDemand, used
/// by FirstTests, LastTests and the comparison tests for every form; testLifecycle with
/// `finishingIsPassedThrough: false`: a subscriber without demand is not released at the upstream's end).
@Suite struct ReduceDemandTests {
    private typealias Make = @Sendable (TestPublisher<Int, TestError>) -> AnyPublisher<Int, Error>

    private static let operators: [(String, Make)] = [
        ("first", { $0.first().mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("first(where:)", { $0.first { $0 > 2 }.mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("tryFirst(where:)", { $0.tryFirst { $0 > 2 }.eraseToAnyPublisher() }),
        ("last", { $0.last().mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("last(where:)", { $0.last { $0 > 2 }.mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("tryLast(where:)", { $0.tryLast { $0 > 2 }.eraseToAnyPublisher() }),
        ("min", { $0.min().mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("max(by:)", { $0.max(by: <).mapError { $0 as Error }.eraseToAnyPublisher() }),
        ("tryMin(by:)", { $0.tryMin(by: <).eraseToAnyPublisher() }),
        ("tryMax(by:)", { $0.tryMax(by: <).eraseToAnyPublisher() }),
    ]

    @Test(arguments: operators.map(\.0))
    func anEmptyStreamsFinishWaitsForDemand(_ name: String) throws {
        // Given a subscriber that has asked for nothing
        let make = try #require(Self.operators.first { $0.0 == name }?.1)
        let upstream = TestPublisher<Int, TestError>()
        let downstream = TestSubscriber<Int, Error>(initialDemand: nil)
        make(upstream).subscribe(downstream)
        // When the upstream finishes without an element, and later misbehaves
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError("late")))
        let returned = upstream.send(73)
        let beforeDemand = downstream.history
        // Then nothing reaches the subscriber until it asks; then the finish does
        downstream.request(.max(1))
        #expect(beforeDemand == ["subscription"])
        #expect(returned == [.none])
        #expect(downstream.history == ["subscription", "finished"])
        #expect(upstream.history == ["subscribe", "request(unlimited)"])
    }

    @Test func aSubscriberWithoutDemandStaysAliveAfterTheUpstreamFinishes() {
        // Given a subscriber that keeps its subscription and has asked for nothing
        weak var released: TestSubscriber<Int, TestError>?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
            subject.first().subscribe(subscriber)
            released = subscriber
        }
        // When the upstream finishes
        subject.send(completion: .finished)
        // Then the held finish keeps it, through its subscription, until it asks
        #expect(released != nil)
        released?.request(.max(1))
        #expect(released?.history == ["subscription", "finished"])
        released?.cancel()
    }
}
