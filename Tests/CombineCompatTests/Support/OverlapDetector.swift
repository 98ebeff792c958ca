import CombineCompat
import Foundation

/// A subscriber for concurrency tests: counts values per key and notes whether two deliveries ever overlapped.
final class OverlapDetector<Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Input = Int
    private let lock = NSLock()
    private var inside = 0
    private(set) var overlapped = false
    private var received: [Int] = []
    private var completions: [String] = []

    /// Every value received, sorted, then the completions: one array to compare whole.
    var summary: [String] {
        lock.withLock { received.sorted().map(String.init) + completions }
    }

    func receive(subscription: Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock {
            inside += 1
            if inside > 1 { overlapped = true }
        }
        // Widen the window in which an unserialised second delivery would overlap, without sleeping.
        var spin = 0
        for step in 0..<200 { spin &+= step }
        lock.withLock {
            inside -= 1
            received.append(input &+ spin &* 0)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { completions.append("\(completion)") }
    }
}
