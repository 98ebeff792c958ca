#if !canImport(Darwin)

extension Publisher {
    /// Transforms all elements from the upstream publisher with a provided closure.
    ///
    /// Demand passes straight through: one upstream value makes one downstream value.
    ///
    ///     let numbers = [5, 4, 3, 2, 1, 0]
    ///     let romanNumeralDict: [Int: String] = [1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"]
    ///     cancellable = numbers.publisher
    ///         .map { romanNumeralDict[$0] ?? "(unknown)" }
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "V IV III II I (unknown)"
    ///
    /// - Parameter transform: A closure that takes one element as its parameter and returns a new element.
    /// - Returns: A publisher that uses the provided closure to map elements from the upstream publisher to new
    ///   elements that it then publishes.
    @inlinable
    public func map<T>(
        _ transform: @escaping (Output) -> T, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Map<Self, T> {
        Publishers.Map(
            upstream: self, transform: MutationSeam.negating(transform, file: file, line: line, column: column))
    }

    /// Transforms all elements from the upstream publisher with a provided error-throwing closure.
    ///
    /// If the closure throws, the publisher cancels upstream and fails with the thrown error.
    ///
    ///     struct ParseError: Error {}
    ///     func romanNumeral(from: Int) throws -> String {
    ///         let romanNumeralDict: [Int: String] = [1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"]
    ///         guard let numeral = romanNumeralDict[from] else { throw ParseError() }
    ///         return numeral
    ///     }
    ///     cancellable = [5, 4, 3, 2, 1, 0].publisher
    ///         .tryMap { try romanNumeral(from: $0) }
    ///         .sink(receiveCompletion: { print("completion: \($0)") }, receiveValue: { print("\($0)", terminator: " ") })
    ///
    ///     // Prints: "V IV III II I completion: failure(ParseError())"
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    /// Replaces nil elements in the stream with the provided element.
    ///
    ///     cancellable = [1.0, nil, 3.0].publisher
    ///         .replaceNil(with: 0.0)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "Optional(1.0) Optional(0.0) Optional(3.0)"
    @inlinable
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}

extension Publishers {
    /// A publisher that transforms all elements from the upstream publisher with a provided closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that transforms elements from the upstream publisher.
        public let transform: (Upstream.Output) -> Output

        /// Creates a publisher that transforms all elements from the upstream publisher with a provided closure.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, `map` keeps no state: the subscriber receives the upstream's own subscription, and every
        /// value and completion is handed on as it comes.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }

    /// A publisher that transforms all elements from the upstream publisher with a provided error-throwing closure.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that transforms elements from the upstream publisher.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a publisher that transforms elements with a closure that may throw.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream._subscribeTryTransform("TryMap", subscriber, policy: .forwardsValues, reflection: .empty) {
                value, inner in
                do { return inner.emit(try transform(value)) } catch { return inner.fail(error) }
            }
        }
    }
}

extension Publishers.Map {
    /// The subscriber `map` puts between its upstream and the downstream.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let downstream: Downstream
        @usableFromInline let transform: (Upstream.Output) -> Output

        @inlinable
        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output) {
            self.downstream = downstream
            self.transform = transform
        }

        @inlinable
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(transform(input)) }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }

        @usableFromInline var description: String { "Map" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }
    }

    /// Fuses two maps into one: `map(f).map(g)` becomes a single `map { g(f($0)) }`.
    @inlinable
    public func map<T>(
        _ transform: @escaping (Output) -> T, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Map<Upstream, T> {
        let (first, transform) = (
            self.transform, MutationSeam.negating(transform, file: file, line: line, column: column)
        )
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    /// Fuses a map with a following `tryMap` into one `TryMap`.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}

extension Publishers.TryMap {
    /// Fuses a `tryMap` with a following `map` into one `TryMap`.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses two `tryMap`s into one.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}

#endif
