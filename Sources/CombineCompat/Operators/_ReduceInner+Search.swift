#if !canImport(Darwin)

// The searches behind `first(where:)`, `last(where:)`, `min`/`max`, `contains(where:)` and `allSatisfy`, each with
// its try-form, written once on top of ``_ReduceInner``. A try-form's thrown error cancels upstream and fails the
// stream.

extension Publisher {
    /// Publishes the selected element when upstream finishes, or nothing if none was selected. Each element for
    /// which `selects(selection, element)` returns `true` becomes the selection; with `stopAtFirst` the first one
    /// ends the search at once (and cancels upstream).
    func _subscribeSelect<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        stopAtFirst: Bool,
        _ selects: @escaping (_ selection: Output?, _ element: Output) -> Bool
    ) where S.Input == Output, S.Failure == Failure {
        _subscribeReduce(
            name, subscriber, initial: Output?.none,
            fold: { selection, element in
                guard selects(selection, element) else { return .continue }
                selection = element
                return stopAtFirst ? .finish : .continue
            }, finalize: { $0 })
    }

    /// ``_subscribeSelect(_:_:stopAtFirst:_:)`` with a throwing `selects`.
    func _subscribeTrySelect<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        stopAtFirst: Bool,
        _ selects: @escaping (_ selection: Output?, _ element: Output) throws -> Bool
    ) where S.Input == Output, S.Failure == Error {
        _subscribeTryReduce(
            name, subscriber, initial: Output?.none,
            fold: { selection, element in
                do {
                    guard try selects(selection, element) else { return .continue }
                } catch {
                    return .fail(error)
                }
                selection = element
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
