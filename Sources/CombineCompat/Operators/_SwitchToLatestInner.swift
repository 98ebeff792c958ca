#if !canImport(Combine)

/// The subscription behind `switchToLatest()`: it follows only the newest publisher its upstream sent.
///
/// As in Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records it in
/// SwitchToLatestTests): the downstream receives this subscription before the upstream is subscribed, and the
/// upstream is asked for everything; each new publisher cancels the previous one and is asked, when its
/// subscription arrives, for the whole outstanding demand; the demand a value returns goes back to its publisher
/// and counts for later ones too; a publisher that sends beyond the demand traps, as does `request(.none)`. The
/// stream finishes when the upstream and the current publisher have finished; a failure of either cancels the other
/// and fails the stream; cancelling cancels the upstream, then the current publisher.
final class _SwitchToLatestInner<Downstream: Subscriber, Child: Publisher>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let mutexes = _MutexStorage(count: 2, firstIsRecursive: true)
    private let downstream: Downstream
    private var demand = Subscribers.Demand.none
    private var upstream: Subscription?
    private var upstreamFinished = false
    /// The current child's number and, once it has arrived, its subscription.
    private var current: (index: Int, subscription: Subscription?)?
    private var nextChild = 0
    private var isTerminated = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit { mutexes.destroy() }

    var description: String { "SwitchToLatest" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }

    private func lock() { mutexes.lock(1) }
    private func unlock() { mutexes.unlock(1) }

    func start() {
        downstream.receive(subscription: self)
    }

    // MARK: Upstream

    func upstreamReceived(_ subscription: Subscription) {
        lock()
        guard upstream == nil, !isTerminated, !upstreamFinished else {
            unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        unlock()
        subscription.request(.unlimited)
    }

    func upstreamReceived(_ publisher: Child) {
        lock()
        guard upstream != nil, !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        let previous = current?.subscription
        let index = nextChild
        nextChild += 1
        current = (index, nil)
        unlock()
        previous?.cancel()
        publisher.subscribe(_SwitchToLatestChild(inner: self, index: index))
    }

    func upstreamCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        upstream = nil
        switch completion {
        case .finished:
            upstreamFinished = true
            let done = current == nil
            if done { isTerminated = true }
            unlock()
            if done { deliver(completion: .finished) }
        case .failure:
            isTerminated = true
            let child = current?.subscription
            current = nil
            unlock()
            child?.cancel()
            deliver(completion: completion)
        }
    }

    // MARK: The current child

    func child(_ index: Int, received subscription: Subscription) {
        lock()
        guard !isTerminated, let current, current.index == index, current.subscription == nil else {
            unlock()
            subscription.cancel()
            return
        }
        self.current = (index, subscription)
        let outstanding = demand
        unlock()
        if outstanding.rawValue > 0 { subscription.request(outstanding) }
    }

    func child(_ index: Int, received value: Output) -> Subscribers.Demand {
        lock()
        guard !isTerminated, current?.index == index else {
            unlock()
            return .none
        }
        guard demand.rawValue > 0 else {
            unlock()
            _APIViolation.unexpectedValue()
        }
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        unlock()
        mutexes.lock(0)
        let more = downstream.receive(value)
        mutexes.unlock(0)
        if more.rawValue != 0 {
            lock()
            if !isTerminated { demand += more }
            unlock()
        }
        return more
    }

    func child(_ index: Int, completed completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, let current, current.index == index else {
            unlock()
            return
        }
        guard current.subscription != nil else {
            unlock()
            _APIViolation.unexpectedCompletion()
        }
        self.current = nil
        switch completion {
        case .finished:
            let done = upstreamFinished
            if done { isTerminated = true }
            unlock()
            if done { deliver(completion: .finished) }
        case .failure:
            isTerminated = true
            let source = upstream
            upstream = nil
            unlock()
            source?.cancel()
            deliver(completion: completion)
        }
    }

    // MARK: Downstream

    func request(_ more: Subscribers.Demand) {
        _APIViolation.checkRequested(more)
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        demand += more
        let child = current?.subscription
        unlock()
        child?.request(more)
    }

    func cancel() {
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        isTerminated = true
        let source = upstream
        let child = current?.subscription
        upstream = nil
        current = nil
        unlock()
        source?.cancel()
        child?.cancel()
    }

    private func deliver(completion: Subscribers.Completion<Failure>) {
        mutexes.lock(0)
        downstream.receive(completion: completion)
        mutexes.unlock(0)
    }
}

/// The subscriber `switchToLatest()` attaches to its upstream.
struct _SwitchToLatestOuter<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    typealias Input = Child
    typealias Failure = Child.Failure

    let combineIdentifier = CombineIdentifier()
    let inner: _SwitchToLatestInner<Downstream, Child>

    func receive(subscription: Subscription) { inner.upstreamReceived(subscription) }

    func receive(_ input: Child) -> Subscribers.Demand {
        inner.upstreamReceived(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { inner.upstreamCompleted(completion) }

    var description: String { "SwitchToLatest" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

/// The subscriber `switchToLatest()` attaches to each publisher its upstream sends.
struct _SwitchToLatestChild<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    typealias Input = Child.Output
    typealias Failure = Child.Failure

    let combineIdentifier = CombineIdentifier()
    let inner: _SwitchToLatestInner<Downstream, Child>
    let index: Int

    func receive(subscription: Subscription) { inner.child(index, received: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { inner.child(index, received: input) }
    func receive(completion: Subscribers.Completion<Failure>) { inner.child(index, completed: completion) }

    var description: String { "SwitchToLatest" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

#endif
