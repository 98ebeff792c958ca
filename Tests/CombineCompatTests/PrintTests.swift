import CombineCompat
import Foundation
import Testing

/// A text stream with reference semantics, so the test sees what the operator's copy wrote.
private final class LineStream: TextOutputStream, @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }

    func write(_ string: String) { lock.withLock { text += string } }
}

@Suite struct PrintTests {
    @Test func logsEveryEventWithThePrefix() {
        // Given
        let stream = LineStream()
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.print("numbers", to: stream)
        }
        // The test publisher's subscription describes itself with a run-dependent type name.
        let subscriptionLine = "numbers: receive subscription: ("
        // When
        harness.send(1)
        harness.downstream.request(.unlimited)
        harness.send(completion: .failure(OperatorError("boom")))
        // Then
        #expect(
            (harness.history, stream.lines.map { $0.hasPrefix(subscriptionLine) ? subscriptionLine + "…)" : $0 })
                == (
                    OperatorHistory(
                        upstream: ["subscribe", "request(max(1))", "request(unlimited)"],
                        returned: ["max(1)"],
                        downstream: ["subscription", "value(1)", "failure(boom)"]
                    ),
                    [
                        "numbers: receive subscription: (…)",
                        "numbers: request max: (1)",
                        "numbers: receive value: (1)",
                        "numbers: request max: (1) (synchronous)",
                        "numbers: request unlimited",
                        "numbers: receive error: (boom)",
                    ]
                )
        )
    }

    @Test func logsCancelAndFinishedWithoutPrefix() {
        // Given
        let finishing = LineStream()
        let cancelling = LineStream()
        let first = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.print(to: finishing) }
        let second = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.print(to: cancelling) }
        // When
        first.send(completion: .finished)
        second.downstream.cancel()
        // Then
        #expect(
            [Array(finishing.lines.dropFirst()), Array(cancelling.lines.dropFirst())]
                == [["receive finished"], ["receive cancel"]]
        )
    }
}
