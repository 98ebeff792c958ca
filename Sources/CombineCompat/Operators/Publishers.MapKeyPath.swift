#if !canImport(Darwin)

extension Publisher {
    /// Publishes the value of a key path.
    ///
    ///     struct DiceRoll { let die: Int }
    ///     cancellable = [DiceRoll(die: 4), DiceRoll(die: 6)].publisher
    ///         .map(\.die)
    ///         .sink { print("Rolled: \($0)") }
    ///
    ///     // Prints:
    ///     //  Rolled: 4
    ///     //  Rolled: 6
    @inlinable
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Publishes the values of two key paths as a tuple.
    ///
    ///     struct DiceRoll { let die1: Int; let die2: Int }
    ///     cancellable = [DiceRoll(die1: 1, die2: 6)].publisher
    ///         .map(\.die1, \.die2)
    ///         .sink { print("Roll: \($0.0), \($0.1)") }
    ///
    ///     // Prints: "Roll: 1, 6"
    @inlinable
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Output, T0>,
        _ keyPath1: KeyPath<Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Publishes the values of three key paths as a tuple.
    ///
    ///     struct DiceRoll { let die1: Int; let die2: Int; let die3: Int }
    ///     cancellable = [DiceRoll(die1: 1, die2: 6, die3: 2)].publisher
    ///         .map(\.die1, \.die2, \.die3)
    ///         .sink { print("Roll: \($0.0), \($0.1), \($0.2)") }
    ///
    ///     // Prints: "Roll: 1, 6, 2"
    @inlinable
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>,
        _ keyPath1: KeyPath<Output, T1>,
        _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

extension Publishers {
    /// A publisher that publishes the value of a key path.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The key path of a property to publish.
        public let keyPath: KeyPath<Upstream.Output, Output>

        /// Creates a publisher that publishes the value of `keyPath` for every upstream element.
        @inlinable
        public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
            self.upstream = upstream
            self.keyPath = keyPath
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keyPath = self.keyPath
            upstream.subscribe(
                _ValueForKeyInner(downstream: subscriber, name: "ValueForKey", keyPaths: [("keyPath", keyPath)]) {
                    $0[keyPath: keyPath]
                })
        }
    }

    /// A publisher that publishes the values of two key paths as a tuple.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = (Output0, Output1)
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The key path of a property to publish.
        public let keyPath0: KeyPath<Upstream.Output, Output0>

        /// The key path of a second property to publish.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// Creates a publisher that publishes the values of two key paths for every upstream element.
        @inlinable
        public init(
            upstream: Upstream,
            keyPath0: KeyPath<Upstream.Output, Output0>,
            keyPath1: KeyPath<Upstream.Output, Output1>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(
                _ValueForKeyInner(
                    downstream: subscriber, name: "ValueForKeys",
                    keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1)]
                ) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) })
        }
    }

    /// A publisher that publishes the values of three key paths as a tuple.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = (Output0, Output1, Output2)
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The key path of a property to publish.
        public let keyPath0: KeyPath<Upstream.Output, Output0>

        /// The key path of a second property to publish.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// The key path of a third property to publish.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        /// Creates a publisher that publishes the values of three key paths for every upstream element.
        @inlinable
        public init(
            upstream: Upstream,
            keyPath0: KeyPath<Upstream.Output, Output0>,
            keyPath1: KeyPath<Upstream.Output, Output1>,
            keyPath2: KeyPath<Upstream.Output, Output2>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
            self.keyPath2 = keyPath2
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            upstream.subscribe(
                _ValueForKeyInner(
                    downstream: subscriber, name: "ValueForKeys",
                    keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1), ("keyPath2", keyPath2)]
                ) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) })
        }
    }
}

/// The subscriber of `map(_:)` with key paths: as in Combine it keeps no state and hands the upstream's own
/// subscription to the downstream; its mirror shows the key paths.
@usableFromInline
struct _ValueForKeyInner<Downstream: Subscriber, Input, Failure: Error>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Failure {
    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let downstream: Downstream
    @usableFromInline let name: String
    @usableFromInline let keyPaths: [(String, AnyKeyPath)]
    @usableFromInline let project: (Input) -> Downstream.Input

    @inlinable
    init(
        downstream: Downstream, name: String, keyPaths: [(String, AnyKeyPath)],
        project: @escaping (Input) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.name = name
        self.keyPaths = keyPaths
        self.project = project
    }

    @inlinable
    func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(project(input)) }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }

    @usableFromInline var description: String { name }
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: keyPaths.map { (label: Optional($0.0), value: $0.1 as Any) })
    }
    @usableFromInline var playgroundDescription: Any { description }
}

#endif
