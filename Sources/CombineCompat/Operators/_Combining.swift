#if !canImport(Darwin)

/// The plumbing shared by `combineLatest` and `zip` of every arity: children hand their values over as `Any`,
/// the combiner assembles one `[Any]` per output in upstream order, and `render` builds the typed tuple outside
/// the lock.
enum _Combining {
    /// Subscribes `downstream` to the combination of the given upstreams.
    static func subscribe<Combiner: _FanInCombiner, Downstream: Subscriber>(
        _ downstream: Downstream,
        combiner: Combiner,
        upstreams: [(_FanIn<Combiner, Downstream>, Int) -> Void],
        render: @escaping ([Any]) -> Downstream.Input
    ) where Combiner.Element == Any, Combiner.Item == [Any] {
        let fanIn = _FanIn(downstream: downstream, combiner: combiner, render: render)
        let indices = upstreams.map { _ in fanIn.addChild() }
        fanIn.start()
        for (subscribe, index) in zip(upstreams, indices) { subscribe(fanIn, index) }
    }

    /// How to subscribe one upstream as child `index` of a combining fan-in.
    static func child<P: Publisher, Combiner: _FanInCombiner, Downstream: Subscriber>(
        _ publisher: P
    ) -> (_FanIn<Combiner, Downstream>, Int) -> Void
    where Combiner.Element == Any, P.Failure == Downstream.Failure {
        { fanIn, index in
            publisher.subscribe(_FanInChild(fanIn: fanIn, index: index, wrap: { (value: P.Output) in value }))
        }
    }

    /// Reads element `index` of a combination as `T`. The fan-in stores each child's values at its own index, so
    /// the type always matches; a mismatch would be a bug in CombineCompat, not something input can cause.
    static func value<T>(_ values: [Any], _ index: Int, as type: T.Type = T.self) -> T {
        guard index < values.count, let value = values[index] as? T else {
            preconditionFailure("CombineCompat: combination slot \(index) does not hold a \(T.self)")
        }
        return value
    }
}

extension _Combining {
    /// Subscribes `downstream` to the combination of two upstreams.
    static func subscribe<A: Publisher, B: Publisher, Combiner: _FanInCombiner, Downstream: Subscriber>(
        _ downstream: Downstream, _ a: A, _ b: B, combiner: Combiner
    )
    where
        Combiner.Element == Any, Combiner.Item == [Any], Downstream.Input == (A.Output, B.Output),
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure
    {
        subscribe(downstream, combiner: combiner, upstreams: [child(a), child(b)]) {
            (value($0, 0), value($0, 1))
        }
    }

    /// Subscribes `downstream` to the combination of three upstreams.
    static func subscribe<A: Publisher, B: Publisher, C: Publisher, Combiner: _FanInCombiner, Downstream: Subscriber>(
        _ downstream: Downstream, _ a: A, _ b: B, _ c: C, combiner: Combiner
    )
    where
        Combiner.Element == Any, Combiner.Item == [Any], Downstream.Input == (A.Output, B.Output, C.Output),
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure, C.Failure == Downstream.Failure
    {
        subscribe(downstream, combiner: combiner, upstreams: [child(a), child(b), child(c)]) {
            (value($0, 0), value($0, 1), value($0, 2))
        }
    }

    /// Subscribes `downstream` to the combination of four upstreams.
    static func subscribe<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, Combiner: _FanInCombiner, Downstream: Subscriber
    >(
        _ downstream: Downstream, _ a: A, _ b: B, _ c: C, _ d: D, combiner: Combiner
    )
    where
        Combiner.Element == Any, Combiner.Item == [Any],
        Downstream.Input == (A.Output, B.Output, C.Output, D.Output),
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure, C.Failure == Downstream.Failure,
        D.Failure == Downstream.Failure
    {
        subscribe(downstream, combiner: combiner, upstreams: [child(a), child(b), child(c), child(d)]) {
            (value($0, 0), value($0, 1), value($0, 2), value($0, 3))
        }
    }
}

/// The combiner of `combineLatest`: keeps each upstream's latest value and, once every upstream has produced one,
/// emits the current combination on every new value. Finishes when every upstream has finished.
struct _CombineLatestCombiner: _FanInCombiner {
    private var latest: [Any?]

    init(count: Int) { latest = Array(repeating: nil, count: count) }

    static var coalesces: Bool { true }

    mutating func absorb(_ element: Any, from index: Int) -> [Any]? {
        latest[index] = element
        let combination = latest.compactMap { $0 }
        return combination.count == latest.count ? combination : nil
    }

    mutating func childFinished(_ index: Int) {}

    func isExhausted(allFinished: Bool) -> Bool { allFinished }
}

/// The combiner of `zip`: queues each upstream's values and emits a combination whenever every queue holds one.
/// Finishes when every upstream finished, or when a finished upstream's queue is empty (no combination can follow).
struct _ZipCombiner: _FanInCombiner {
    private var queues: [_FIFO<Any>]
    private var finished: [Bool]

    init(count: Int) {
        queues = Array(repeating: _FIFO(), count: count)
        finished = Array(repeating: false, count: count)
    }

    static var coalesces: Bool { false }

    mutating func absorb(_ element: Any, from index: Int) -> [Any]? {
        queues[index].append(element)
        guard queues.allSatisfy({ !$0.isEmpty }) else { return nil }
        return queues.indices.compactMap { queues[$0].popFirst() }
    }

    mutating func childFinished(_ index: Int) { finished[index] = true }

    func isExhausted(allFinished: Bool) -> Bool {
        allFinished || queues.indices.contains { finished[$0] && queues[$0].isEmpty }
    }
}

#endif
