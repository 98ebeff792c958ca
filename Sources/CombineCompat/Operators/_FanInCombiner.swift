#if !canImport(Darwin)

/// How a fan-in operator turns values from its children into items for the downstream. All methods run under the
/// fan-in lock, so they must only touch their own state (no user code).
protocol _FanInCombiner {
    /// What a child hands to the fan-in.
    associatedtype Element
    /// What is queued for the downstream (rendered into `Output` outside the lock).
    associatedtype Item

    /// Whether an undelivered item is replaced by a newer one (`combineLatest`) instead of queued behind it.
    static var coalesces: Bool { get }

    /// Takes a value from child `index`; returns the item to queue, if any.
    mutating func absorb(_ element: Element, from index: Int) -> Item?

    /// Records that child `index` finished.
    mutating func childFinished(_ index: Int)

    /// Whether no further item can ever be produced; `allFinished` says every child (and source) is done.
    func isExhausted(allFinished: Bool) -> Bool
}

/// A child subscriber of a fan-in: forwards its upstream's events, tagged with its index.
struct _FanInChild<Input, Combiner: _FanInCombiner, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure
    let combineIdentifier = CombineIdentifier()
    let fanIn: _FanIn<Combiner, Downstream>
    let index: Int
    let wrap: (Input) -> Combiner.Element

    var description: String { "FanIn child \(index)" }

    func receive(subscription: Subscription) { fanIn.child(index, received: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        fanIn.child(index, received: wrap(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { fanIn.child(index, completed: completion) }
}

#endif
