import CombineCompat
import Testing

/// How `AnyPublisher` and `AnySubscriber` describe themselves. Evidence: Combine's interface (`AnyPublisher` is
/// `CustomStringConvertible` and `CustomPlaygroundDisplayConvertible`; `AnySubscriber`'s inlinable initialiser
/// takes the wrapped subscriber's description, mirror and playground description, or its type name, and names a
/// closure-based one "Anonymous AnySubscriber") and the OpenCombine suite, whose compatibility mode runs against
/// Apple's Combine (AnyPublisherTests.testDescription; AnySubscriberTests.testDescription: a subject is "Subject").
@Suite struct TypeErasureDescriptionTests {
    private final class Plain: Subscriber, @unchecked Sendable {
        typealias Input = Int
        typealias Failure = Never
        func receive(subscription: Subscription) {}
        func receive(_ input: Int) -> Subscribers.Demand { .none }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    @Test func eachDescribesItselfAsCombinesDoes() {
        let publisher = PassthroughSubject<Int, Never>().eraseToAnyPublisher()
        let anonymous = AnySubscriber<Int, Never>()
        let subject = AnySubscriber(PassthroughSubject<Int, Never>())
        let sink = AnySubscriber(Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in }))
        let plain = AnySubscriber(Plain())
        let described: [(String, String)] = [
            (publisher.description, "\(publisher.playgroundDescription)"),
            (anonymous.description, "\(anonymous.playgroundDescription)"),
            (subject.description, "\(subject.playgroundDescription)"),
            (sink.description, "\(sink.playgroundDescription)"),
            (plain.description, "\(plain.playgroundDescription)"),
        ]
        #expect(
            described.map { "\($0.0) / \($0.1)" } == [
                "AnyPublisher / AnyPublisher", "Anonymous AnySubscriber / Anonymous AnySubscriber", "Subject / Subject",
                "Sink / Sink", "Plain / Plain",
            ])
        #expect("\(Mirror(reflecting: anonymous).subjectType)" == "String")
        #expect(Mirror(reflecting: sink).children.isEmpty)
        #expect(Mirror(reflecting: subject).children.map(\.label) == ["downstreamSubject"])
    }
}
