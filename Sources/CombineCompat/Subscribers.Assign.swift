import RehearsalBase

#if !canImport(Darwin)

extension Subscribers {
    /// A simple subscriber that assigns received elements to a property indicated by a key path.
    ///
    /// The object is held strongly until the subscription completes or is cancelled, as in Combine.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    {
        public typealias Failure = Never

        private let lock = _Lock()
        private var root: Root?
        private var subscription: Subscription?
        private var isTerminated = false

        /// The key path that indicates the property to assign.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        /// The object that contains the property to assign, until the subscriber completes or is cancelled.
        public var object: Root? { lock.withLock { root } }

        /// Creates a subscriber to assign the value of a property indicated by a key path.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            root = object
            self.keyPath = keyPath
        }

        public var description: String { "Assign \(Root.self)." }

        /// The object assigned to, the key path and the stage of the subscription.
        public var customMirror: Mirror {
            lock.lock()
            let object = root
            let status = isTerminated ? "terminal" : subscription.map { "subscribed(\($0))" } ?? "awaiting subscription"
            lock.unlock()
            return Mirror(self, children: ["object": object as Any, "keyPath": keyPath, "status": status])
        }

        /// The description, as a playground shows the subscriber.
        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            lock.lock()
            if isTerminated || self.subscription != nil {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            let target = root
            lock.unlock()
            target?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            let released = root
            root = nil
            subscription = nil
            isTerminated = true
            lock.unlock()
            withExtendedLifetime(released) {}
        }

        /// Cancels the subscription and releases the object.
        public func cancel() {
            lock.lock()
            let upstream = subscription
            let released = root
            root = nil
            subscription = nil
            isTerminated = true
            lock.unlock()
            upstream?.cancel()
            withExtendedLifetime(released) {}
        }
    }
}

extension Publisher where Failure == Never {
    /// Assigns each element from a publisher to a property on an object.
    ///
    /// The object is retained until the returned cancellable is cancelled or the publisher finishes.
    ///
    /// ```swift
    /// let cancellable = Just("Kim").assign(to: \.name, on: viewModel)
    /// ```
    public func assign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable { assign.cancel() }
    }
}

#endif
