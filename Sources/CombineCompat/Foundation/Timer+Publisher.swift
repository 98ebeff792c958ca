#if !canImport(Darwin)

import Foundation
import RehearsalBase

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval.
    ///
    /// The publisher is connectable: ticks start at `connect()` (or at the first subscriber, with
    /// `autoconnect()`), one `interval` later and then every `interval`. Each subscriber receives a tick only while
    /// it has demand; ticks without demand are dropped. While a scenario runs, the run loop is redirected onto the
    /// virtual timeline, so ticks fire at virtual 1s, 2s, … and carry virtual dates.
    ///
    ///     cancellable = Timer.publish(every: 1, on: .main, in: .common)
    ///         .autoconnect()
    ///         .sink { print("tick at \($0)") }
    ///
    /// - Parameters:
    ///   - interval: The time interval on which to publish events, in seconds.
    ///   - tolerance: The allowed timing variance when emitting events. Defaults to `nil` (no tolerance).
    ///   - runLoop: The run loop on which the timer runs.
    ///   - mode: The run loop mode in which to run the timer.
    ///   - options: Scheduler options passed to the timer. Defaults to `nil`.
    public static func publish(
        every interval: TimeInterval,
        tolerance: TimeInterval? = nil,
        on runLoop: RunLoop,
        in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A publisher that repeatedly emits the current date on a given interval, once connected.
    public final class TimerPublisher: ConnectablePublisher {
        /// The kind of values published by this publisher: the date of each tick.
        public typealias Output = Date
        /// The kind of errors this publisher might publish: it never fails.
        public typealias Failure = Never

        /// The interval between ticks, in seconds.
        public let interval: TimeInterval
        /// The allowed timing variance, if any.
        public let tolerance: TimeInterval?
        /// The run loop on which the timer runs.
        public let runLoop: RunLoop
        /// The run loop mode in which to run the timer.
        public let mode: RunLoop.Mode
        /// Scheduler options passed to the timer.
        public let options: RunLoop.SchedulerOptions?

        private let lock = _Lock()
        private var subscriptions: [_TimerSubscription] = []
        private var connection: Cancellable?

        /// Creates a publisher that repeatedly emits the current date on the given interval.
        public init(
            interval: TimeInterval,
            tolerance: TimeInterval? = nil,
            runLoop: RunLoop,
            mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        /// Attaches a subscriber; it receives ticks after `connect()`, as far as its demand goes.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            let subscription = _TimerSubscription(publisher: self, downstream: AnySubscriber(subscriber))
            lock.withLock { subscriptions.append(subscription) }
            subscriber.receive(subscription: subscription)
        }

        /// Starts the timer: the first tick comes one interval from now. Cancel the result to stop it; connecting
        /// again while connected returns the running connection.
        public func connect() -> Cancellable {
            lock.lock()
            if let connection {
                lock.unlock()
                return connection
            }
            lock.unlock()
            let stride = RunLoop.SchedulerTimeType.Stride(interval)
            let timer = runLoop.schedule(
                after: runLoop.now.advanced(by: stride), interval: stride,
                tolerance: RunLoop.SchedulerTimeType.Stride(tolerance ?? 0), options: options
            ) { [weak self] in self?.fire() }
            let newConnection = AnyCancellable { [weak self] in
                timer.cancel()
                self?.disconnect()
            }
            lock.withLock { connection = newConnection }
            return newConnection
        }

        private func disconnect() {
            lock.withLock { connection = nil }
        }

        private func fire() {
            let date = runLoop.now.date
            for subscription in lock.withLock({ subscriptions }) { subscription.tick(date) }
        }

        fileprivate func remove(_ subscription: _TimerSubscription) {
            lock.withLock { subscriptions.removeAll { $0 === subscription } }
        }
    }
}

/// One subscriber of a ``Timer/TimerPublisher``: a tick reaches it only while it has demand.
private final class _TimerSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = _Lock()
    private weak var publisher: Timer.TimerPublisher?
    private var downstream: AnySubscriber<Date, Never>?
    private var demand = Subscribers.Demand.none

    init(publisher: Timer.TimerPublisher, downstream: AnySubscriber<Date, Never>) {
        self.publisher = publisher
        self.downstream = downstream
    }

    var description: String { "Timer" }

    func tick(_ date: Date) {
        lock.lock()
        guard let subscriber = downstream, demand > 0 else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = subscriber.receive(date)
        lock.withLock { demand += more }
    }

    func request(_ more: Subscribers.Demand) {
        lock.withLock { demand += more }
    }

    func cancel() {
        let released = lock.withLock { () -> AnySubscriber<Date, Never>? in
            defer { downstream = nil }
            return downstream
        }
        publisher?.remove(self)
        withExtendedLifetime(released) {}
    }
}

#endif
