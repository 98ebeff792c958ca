import CombineCompat
import Foundation

/// A cold publisher that respects demand: it sends its values synchronously as they are requested (re-entrant
/// requests are folded into the running loop), then finishes. Like `[…].publisher`, for end-to-end demand tests.
struct DemandPublisher<Output>: Publisher {
    typealias Failure = Never
    let values: [Output]

    init(_ values: [Output]) { self.values = values }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: Emitter(values: values, subscriber: subscriber))
    }

    private final class Emitter<S: Subscriber>: Subscription, @unchecked Sendable where S.Input == Output {
        private let lock = NSLock()
        private var remaining: ArraySlice<Output>
        private var subscriber: S?
        private var demand = Subscribers.Demand.none
        private var emitting = false

        init(values: [Output], subscriber: S) {
            remaining = values[...]
            self.subscriber = subscriber
        }

        func request(_ more: Subscribers.Demand) {
            lock.lock()
            demand += more
            if emitting {
                lock.unlock()
                return
            }
            emitting = true
            while let target = subscriber {
                if remaining.isEmpty {
                    subscriber = nil
                    lock.unlock()
                    target.receive(completion: .finished)
                    return
                }
                guard demand > 0, let value = remaining.popFirst() else { break }
                demand -= 1
                lock.unlock()
                let extra = target.receive(value)
                lock.lock()
                demand += extra
            }
            emitting = false
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            subscriber = nil
            lock.unlock()
        }
    }
}
