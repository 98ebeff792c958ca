import CombineCompat
import Testing

@Suite struct MapErrorTests {
    struct Wrapped: Error, CustomStringConvertible {
        let inner: OperatorError
        var description: String { "wrapped(\(inner))" }
    }

    @Test func convertsTheFailureAndPassesValuesAndDemandThrough() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1), demandPerValue: .max(2)) {
            $0.mapError { Wrapped(inner: $0) }
        }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("disk full")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))"],
                    returned: ["max(2)"],
                    downstream: ["subscription", "value(1)", "failure(wrapped(disk full))"]
                )
        )
    }

    @Test func eventsAreHandedOnAsTheyComeAndCancelReachesUpstream() {
        // Given (mapError keeps no state in Combine: the OpenCombine suite, whose compatibility mode runs against
        // Apple's Combine, expects two failures sent in a row both to arrive, in MapErrorTests.testError)
        let finishing = OperatorHarness(Int.self, OperatorError.self) { $0.mapError { Wrapped(inner: $0) } }
        let cancelling = OperatorHarness(Int.self, OperatorError.self) { $0.mapError { Wrapped(inner: $0) } }
        // When
        finishing.send(completion: .finished)
        cancelling.downstream.cancel()
        cancelling.send(completion: .failure(OperatorError("after cancel")))
        // Then
        #expect(
            [finishing.history, cancelling.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "finished"]),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        downstream: ["subscription", "failure(wrapped(after cancel))"]),
                ]
        )
    }
}
