#if !canImport(Darwin)

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscriber.
    func send(_ value: Output)

    /// Sends a completion signal to the subscriber.
    func send(completion: Subscribers.Completion<Failure>)

    /// Sends a subscription to the subscriber, letting an upstream publisher feed the subject.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a void value to the subscriber.
    @inlinable
    public func send() {
        send(())
    }
}

/// A publisher that provides an explicit means of connecting and canceling publication.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Connects to the publisher, allowing it to produce elements, and returns an instance with which to cancel.
    func connect() -> Cancellable
}

#endif
