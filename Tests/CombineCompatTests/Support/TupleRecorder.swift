import CombineCompat

/// Adapts a two-element tuple stream to a `TestSubscriber<String, _>` so histories read `value(Kim 30)`.
struct TupleRecorder<A, B, Failure: Error>: Subscriber {
    typealias Input = (A, B)
    let combineIdentifier = CombineIdentifier()
    let target: TestSubscriber<String, Failure>

    init(_ target: TestSubscriber<String, Failure>) { self.target = target }

    func receive(subscription: Subscription) { target.receive(subscription: subscription) }
    func receive(_ input: (A, B)) -> Subscribers.Demand { target.receive("\(input.0) \(input.1)") }
    func receive(completion: Subscribers.Completion<Failure>) { target.receive(completion: completion) }
}
