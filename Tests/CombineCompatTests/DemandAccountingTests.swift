import CombineCompat
import Testing

/// The demand a custom `Subscriber` in a team's code observes, operator by operator, as Apple's Combine accounts it.
/// Evidence: the OpenCombine suite, whose compatibility mode runs the same assertions against Apple's Combine —
/// ReduceTests, LastTests, MinTests, MaxTests, CountTests (each asks upstream for everything, holds its result until
/// the downstream asks for it), FirstTests.testFirstDemand (the first value is held, and the upstream cancelled,
/// only once the downstream asks), DropTests.testDroppingTwoElements, FlatMapTests.testChildDemandWhenLimited and
/// ZipTests.testChildDemand (covered in DropTests, FlatMapTests and ZipTests).
@Suite struct DemandAccountingTests {
    /// One operator that ends with a single result.
    struct Finisher: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (TestPublisher<Int, Never>) -> AnyPublisher<String, Never>
        var testDescription: String { name }
    }

    static let finishers: [Finisher] = [
        Finisher(name: "reduce") { $0.reduce(0, +).map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "last") { $0.last().map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "min") { $0.min().map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "max") { $0.max().map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "count") { $0.count().map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "collect") { $0.collect().map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "contains") { $0.contains(9).map { "\($0)" }.eraseToAnyPublisher() },
        Finisher(name: "allSatisfy") { $0.allSatisfy { $0 > 0 }.map { "\($0)" }.eraseToAnyPublisher() },
    ]

    @Test(arguments: finishers)
    func aResultThatFindsNoDemandWaitsForIt(_ finisher: Finisher) {
        // Given a downstream that has asked for nothing
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<String, Never>(initialDemand: nil)
        finisher.make(upstream).subscribe(subscriber)
        // When the upstream sends everything and finishes, then the downstream asks for one value
        upstream.send(3)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        let beforeDemand = subscriber.history
        subscriber.request(.max(1))
        // Then the upstream was asked for everything, and the result waited for the request
        let results = [
            "reduce": "6", "last": "2", "min": "1", "max": "3", "count": "3", "collect": "[3, 1, 2]",
            "contains": "false", "allSatisfy": "true",
        ]
        #expect(
            [upstream.history, beforeDemand, subscriber.history] == [
                ["subscribe", "request(unlimited)"], ["subscription"],
                ["subscription", "value(\(results[finisher.name] ?? "?"))", "finished"],
            ])
    }

    @Test func firstHoldsItsValueAndCancelsTheUpstreamOnlyWhenAsked() {
        // Given a downstream that has asked for nothing
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        upstream.first().subscribe(subscriber)
        // When two values arrive, then the downstream asks
        upstream.send(1)
        upstream.send(2)
        let beforeDemand = upstream.history
        subscriber.request(.max(1))
        // Then the first value waited, and the upstream was cancelled at the request
        #expect(
            [beforeDemand, upstream.history, subscriber.history] == [
                ["subscribe", "request(unlimited)"], ["subscribe", "request(unlimited)", "cancel"],
                ["subscription", "value(1)", "finished"],
            ])
    }
}
