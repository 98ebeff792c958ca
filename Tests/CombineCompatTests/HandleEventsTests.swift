import CombineCompat
import Foundation
import Testing

/// Records what the `handleEvents` closures saw, in order, across threads.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    var entries: [String] { lock.withLock { events } }

    func append(_ event: String) { lock.withLock { events.append(event) } }
}

@Suite struct HandleEventsTests {
    private func handled(
        _ upstream: TestPublisher<Int, OperatorError>,
        _ log: EventLog
    ) -> Publishers.HandleEvents<TestPublisher<Int, OperatorError>> {
        upstream.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("output(\($0))") },
            receiveCompletion: { log.append("completion(\($0))") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request(\($0))") }
        )
    }

    @Test func runsEachClosureBeforePassingTheEventOn() {
        // Given
        let log = EventLog()
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            handled($0, log)
        }
        // When
        harness.send(1, 2)
        harness.send(completion: .failure(OperatorError("boom")))
        // Then
        #expect(
            (harness.history, log.entries)
                == (
                    OperatorHistory(
                        upstream: ["subscribe", "request(max(1))"],
                        returned: ["max(1)", "max(1)"],
                        downstream: ["subscription", "value(1)", "value(2)", "failure(boom)"]
                    ),
                    ["subscription", "request(max(1))", "output(1)", "output(2)", "completion(failure(boom))"]
                )
        )
    }

    @Test func cancelRunsOnceAndStopsFurtherEvents() {
        // Given
        let log = EventLog()
        let harness = OperatorHarness(Int.self, OperatorError.self) { handled($0, log) }
        // When
        harness.downstream.cancel()
        harness.downstream.cancel()
        harness.send(1)
        harness.send(completion: .finished)
        // Then
        #expect(
            (harness.history, log.entries)
                == (
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        returned: ["max(0)"],
                        downstream: ["subscription"]
                    ),
                    ["subscription", "request(unlimited)", "cancel"]
                )
        )
    }

    @Test func closuresAreOptional() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.handleEvents() }
        // When
        harness.send(5)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(5)", "finished"]
                )
        )
    }
}
