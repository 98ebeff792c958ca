import CombineCompat
import Foundation

/// Wraps a publisher and records every request and cancel its subscribers send upstream, e.g.
/// `["request(max(1))", "cancel"]`, while passing everything through unchanged.
final class DemandRecorder<Upstream: Publisher>: Publisher, @unchecked Sendable {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private let upstream: Upstream
    private let lock = NSLock()
    private var _log: [String] = []

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    var log: [String] { lock.withLock { _log } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let downstream = AnySubscriber(subscriber)
        upstream.subscribe(
            AnySubscriber<Output, Failure>(
                receiveSubscription: { subscription in
                    downstream.receive(subscription: Recording(subscription, owner: self))
                },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { downstream.receive(completion: $0) }
            )
        )
    }

    fileprivate func record(_ entry: String) {
        lock.withLock { _log.append(entry) }
    }

    private final class Recording: Subscription, @unchecked Sendable {
        let wrapped: Subscription
        let owner: DemandRecorder

        init(_ wrapped: Subscription, owner: DemandRecorder) {
            self.wrapped = wrapped
            self.owner = owner
        }

        func request(_ demand: Subscribers.Demand) {
            owner.record("request(\(demand))")
            wrapped.request(demand)
        }

        func cancel() {
            owner.record("cancel")
            wrapped.cancel()
        }
    }
}
