#if !canImport(Darwin)

extension Publisher where Output: Equatable {
    /// Publishes only elements that don't match the previous element.
    ///
    /// A repeated element is dropped and one more is requested from upstream, so the downstream demand is kept.
    ///
    ///     let numbers = [0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 0]
    ///     cancellable = numbers.publisher
    ///         .removeDuplicates()
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "0 1 2 3 4 0"
    @inlinable
    public func removeDuplicates(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(
            upstream: self, predicate: MutationSeam.duplicates(==, file: file, line: line, column: column))
    }
}

extension Publisher {
    /// Publishes only elements that don't match the previous element, as evaluated by a provided closure.
    ///
    ///     struct Point { let x: Int; let y: Int }
    ///     cancellable = [Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)].publisher
    ///         .removeDuplicates { prev, current in prev.x == current.x }
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "Point(x: 0, y: 0) Point(x: 1, y: 1)"
    ///
    /// - Parameter predicate: Returns `true` when the second element is a duplicate of the first.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(
            upstream: self, predicate: MutationSeam.duplicates(predicate, file: file, line: line, column: column))
    }

    /// Publishes only elements that don't match the previous element, as evaluated by an error-throwing closure.
    /// If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct BadValuesError: Error {}
    ///     cancellable = [0, 0, 0, 0, 1, 2, 2, 3, 3, 3, 4, 4, 4].publisher
    ///         .tryRemoveDuplicates { first, second -> Bool in
    ///             if first == 4 && second == 4 { throw BadValuesError() }
    ///             return first == second
    ///         }
    ///         .sink(receiveCompletion: { print("\($0)") }, receiveValue: { print("\($0)", terminator: " ") })
    ///
    ///     // Prints: "0 1 2 3 4 failure(BadValuesError())"
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes only elements that don't match the previous element.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// A closure to evaluate whether two elements are equivalent, for purposes of filtering.
        public let predicate: (Upstream.Output, Upstream.Output) -> Bool

        /// Creates a publisher that drops elements equivalent to the previous one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream._subscribeTransform(
                "RemoveDuplicates", subscriber, policy: .traps, reflection: .state { _ in [("last", previous as Any)] }
            ) { value, inner in
                if let last = previous, predicate(last, value) { return inner.skip() }
                previous = value
                return inner.emit(value)
            }
        }
    }

    /// A publisher that publishes only elements that don't match the previous element, as evaluated by a provided
    /// error-throwing closure.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// An error-throwing closure to evaluate whether two elements are equivalent, for purposes of filtering.
        public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Creates a publisher that drops elements equivalent to the previous one, using a throwing closure.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream._subscribeTryTransform(
                "TryRemoveDuplicates", subscriber, policy: .traps,
                reflection: .state { _ in [("last", previous as Any)] }
            ) { value, inner in
                do {
                    if let last = previous, try predicate(last, value) { return inner.skip() }
                } catch {
                    return inner.fail(error)
                }
                previous = value
                return inner.emit(value)
            }
        }
    }
}

#endif
