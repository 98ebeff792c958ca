import CombineCompat
import Foundation

/// An error with a readable description, so recorded histories read `failure(boom)`.
struct OperatorError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}

/// Both sides of one operator under test: what reached upstream (subscribe, requests, cancel), the demand the
/// operator returned for each value sent, and what the downstream received.
struct OperatorHistory: Equatable, CustomStringConvertible {
    var upstream: [String]
    var returned: [String]
    var downstream: [String]

    init(upstream: [String], returned: [String] = [], downstream: [String]) {
        self.upstream = upstream
        self.returned = returned
        self.downstream = downstream
    }

    var description: String { "upstream: \(upstream)\nreturned: \(returned)\ndownstream: \(downstream)" }
}

/// A `TestPublisher` feeding an operator under test, whose output a `TestSubscriber` records.
final class OperatorHarness<Input, UpstreamFailure: Error, Output, Failure: Error>: @unchecked Sendable {
    let upstream: TestPublisher<Input, UpstreamFailure>
    let downstream: TestSubscriber<Output, Failure>
    private let lock = NSLock()
    private var returned: [Subscribers.Demand] = []

    /// Subscribes a new `TestSubscriber` with the given demand to `make(upstream)`.
    init<P: Publisher>(
        _ input: Input.Type = Input.self,
        _ failure: UpstreamFailure.Type = UpstreamFailure.self,
        initialDemand: Subscribers.Demand? = .unlimited,
        demandPerValue: Subscribers.Demand = .none,
        _ make: (TestPublisher<Input, UpstreamFailure>) -> P
    ) where P.Output == Output, P.Failure == Failure {
        upstream = TestPublisher()
        downstream = TestSubscriber(initialDemand: initialDemand, demandPerValue: demandPerValue)
        make(upstream).subscribe(downstream)
    }

    var history: OperatorHistory {
        OperatorHistory(
            upstream: upstream.history,
            returned: lock.withLock { returned.map(\.description) },
            downstream: downstream.history
        )
    }

    /// Sends every value in order, recording the demand the operator hands back for each.
    func send(_ values: Input...) {
        for value in values {
            let demands = upstream.send(value)
            lock.withLock { returned += demands }
        }
    }

    func send(completion: Subscribers.Completion<UpstreamFailure>) {
        upstream.send(completion: completion)
    }
}

/// An object a test closure captures, to observe (through a weak reference) when the operator releases it.
final class CapturedToken: @unchecked Sendable {}
