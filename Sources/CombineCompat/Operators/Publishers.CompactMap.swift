#if !canImport(Darwin)

extension Publisher {
    /// Calls a closure with each received element and publishes any returned optional that has a value.
    ///
    /// A `nil` result is dropped and one more value is requested from upstream, so the downstream demand is kept.
    ///
    ///     let numbers = [0, 1, 2, 5]
    ///     let romanNumeralDict: [Int: String] = [1: "I", 2: "II", 3: "III", 5: "V"]
    ///     cancellable = numbers.publisher
    ///         .compactMap { romanNumeralDict[$0] }
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "I II V"
    @inlinable
    public func compactMap<T>(
        _ transform: @escaping (Output) -> T?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(
            upstream: self, transform: MutationSeam.compacting(transform, file: file, line: line, column: column))
    }

    /// Calls an error-throwing closure with each received element and publishes any returned optional that has a
    /// value. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct ParseError: Error {}
    ///     cancellable = [1, 0, 2].publisher
    ///         .tryCompactMap { (value: Int) throws -> Int? in
    ///             if value == 0 { throw ParseError() }
    ///             return value == 1 ? nil : value
    ///         }
    ///         .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    ///
    ///     // Prints: "failure(ParseError())"
    @inlinable
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that republishes all non-`nil` results of calling a closure with each received element.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// A closure that receives values from the upstream publisher and returns optional values.
        public let transform: (Upstream.Output) -> Output?

        /// Creates a publisher that republishes the non-`nil` results of `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, `compactMap` keeps no state: the subscriber receives the upstream's own subscription, and
        /// each `nil` asks upstream for one more value (`.max(1)`). (Older releases of Combine gave it a
        /// subscription of its own; the later OpenCombine compatibility suite records the pass-through, with
        /// early values forwarded and the subscriber released on cancel.)
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }

    /// A publisher that republishes all non-`nil` results of calling an error-throwing closure with each element.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// An error-throwing closure that receives values from the upstream publisher and returns optional values.
        public let transform: (Upstream.Output) throws -> Output?

        /// Creates a publisher that republishes the non-`nil` results of the throwing `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream._subscribeTryTransform("TryCompactMap", subscriber, policy: .traps, reflection: .downstream) {
                value, inner in
                do {
                    guard let output = try transform(value) else { return inner.skip() }
                    return inner.emit(output)
                } catch {
                    return inner.fail(error)
                }
            }
        }
    }
}

extension Publishers.CompactMap {
    /// The subscriber `compactMap` puts between its upstream and the downstream (no subscription of its own).
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let downstream: Downstream
        @usableFromInline let transform: (Upstream.Output) -> Output?

        @inlinable
        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.downstream = downstream
            self.transform = transform
        }

        @inlinable
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard let output = transform(input) else { return .max(1) }
            return downstream.receive(output)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }

        @usableFromInline var description: String { "CompactMap" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }
    }
}

extension Publishers.CompactMap {
    /// Fuses two `compactMap`s into one.
    @inlinable
    public func compactMap<T>(
        _ transform: @escaping (Output) -> T?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.CompactMap<Upstream, T> {
        let (first, transform) = (
            self.transform, MutationSeam.compacting(transform, file: file, line: line, column: column)
        )
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Fuses a `compactMap` with a following `map` into one `CompactMap`.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension Publishers.TryCompactMap {
    /// Fuses a `tryCompactMap` with a following `compactMap` into one `TryCompactMap`.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}

#endif
