#if !canImport(Combine)

// The searches behind `first(where:)`, `last(where:)`, `contains(where:)` and `allSatisfy`, each with its try-form,
// written once on top of ``_ReduceInner``. A try-form's thrown error cancels upstream and fails the stream.

extension Publisher {
    /// Publishes the element matching `matches` when upstream finishes: the first one (then cancels upstream at
    /// once) when `stopAtFirst`, otherwise the last one. Publishes nothing when no element matches.
    func _subscribeMatch<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        stopAtFirst: Bool,
        _ matches: @escaping (Output) -> Bool
    ) where S.Input == Output, S.Failure == Failure {
        _subscribeReduce(
            name, subscriber, initial: Output?.none,
            fold: { found, value in
                guard matches(value) else { return .continue }
                found = value
                return stopAtFirst ? .finish : .continue
            }, finalize: { $0 })
    }

    /// ``_subscribeMatch(_:_:stopAtFirst:_:)`` with a throwing `matches`.
    func _subscribeTryMatch<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        stopAtFirst: Bool,
        _ matches: @escaping (Output) throws -> Bool
    ) where S.Input == Output, S.Failure == Error {
        _subscribeTryReduce(
            name, subscriber, initial: Output?.none,
            fold: { found, value in
                do {
                    guard try matches(value) else { return .continue }
                } catch {
                    return .fail(error)
                }
                found = value
                return stopAtFirst ? .finish : .continue
            }, finalize: { $0 })
    }

    /// Publishes `decisive` (and cancels upstream) at the first element for which `test` returns `decisive`, or
    /// `!decisive` when upstream finishes without one: `contains(where:)` decides on `true`, `allSatisfy` on `false`.
    func _subscribeVerdict<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        decisive: Bool,
        _ test: @escaping (Output) -> Bool
    ) where S.Input == Bool, S.Failure == Failure {
        _subscribeReduce(
            name, subscriber, initial: !decisive,
            fold: { verdict, value in
                verdict = test(value)
                return verdict == decisive ? .finish : .continue
            }, finalize: { $0 })
    }

    /// ``_subscribeVerdict(_:_:decisive:_:)`` with a throwing `test`.
    func _subscribeTryVerdict<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        decisive: Bool,
        _ test: @escaping (Output) throws -> Bool
    ) where S.Input == Bool, S.Failure == Error {
        _subscribeTryReduce(
            name, subscriber, initial: !decisive,
            fold: { verdict, value in
                do { verdict = try test(value) } catch { return .fail(error) }
                return verdict == decisive ? .finish : .continue
            }, finalize: { $0 })
    }
}

#endif
