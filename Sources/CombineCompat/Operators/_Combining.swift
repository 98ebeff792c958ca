#if !canImport(Darwin)

/// Subscribes a downstream to `combineLatest` or `zip` of two to four upstreams: builds the `_CombiningInner` and one
/// typed child per upstream, and turns a combination of `Any` slots back into the typed tuple.
@usableFromInline
enum _Combining {
    @inlinable
    static func subscribe<Downstream: Subscriber>(
        _ downstream: Downstream,
        kind: _CombiningKind,
        upstreams: [(_CombiningChild<Downstream>) -> Void],
        render: @escaping ([Any]) -> Downstream.Input
    ) {
        _CombiningInner(downstream: downstream, kind: kind, count: upstreams.count, render: render).start(upstreams)
    }

    @inlinable
    static func child<P: Publisher, Downstream: Subscriber>(_ publisher: P) -> (_CombiningChild<Downstream>) -> Void
    where P.Failure == Downstream.Failure {
        { child in publisher.subscribe(child.typed(P.Output.self)) }
    }

    @inlinable
    static func value<T>(_ values: [Any], _ index: Int, as type: T.Type = T.self) -> T {
        guard index < values.count, let value = values[index] as? T else {
            preconditionFailure("CombineCompat: combination slot \(index) does not hold a \(T.self)")
        }
        return value
    }

    @inlinable
    static func subscribe<A: Publisher, B: Publisher, Downstream: Subscriber>(
        _ downstream: Downstream, _ a: A, _ b: B, kind: _CombiningKind
    )
    where
        Downstream.Input == (A.Output, B.Output), A.Failure == Downstream.Failure, B.Failure == Downstream.Failure
    {
        subscribe(downstream, kind: kind, upstreams: [child(a), child(b)]) { (value($0, 0), value($0, 1)) }
    }

    @inlinable
    static func subscribe<A: Publisher, B: Publisher, C: Publisher, Downstream: Subscriber>(
        _ downstream: Downstream, _ a: A, _ b: B, _ c: C, kind: _CombiningKind
    )
    where
        Downstream.Input == (A.Output, B.Output, C.Output),
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure, C.Failure == Downstream.Failure
    {
        subscribe(downstream, kind: kind, upstreams: [child(a), child(b), child(c)]) {
            (value($0, 0), value($0, 1), value($0, 2))
        }
    }

    @inlinable
    static func subscribe<A: Publisher, B: Publisher, C: Publisher, D: Publisher, Downstream: Subscriber>(
        _ downstream: Downstream, _ a: A, _ b: B, _ c: C, _ d: D, kind: _CombiningKind
    )
    where
        Downstream.Input == (A.Output, B.Output, C.Output, D.Output),
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure, C.Failure == Downstream.Failure,
        D.Failure == Downstream.Failure
    {
        subscribe(downstream, kind: kind, upstreams: [child(a), child(b), child(c), child(d)]) {
            (value($0, 0), value($0, 1), value($0, 2), value($0, 3))
        }
    }
}

#endif
