import CombineCompat
import Testing

/// `breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)` and `breakpointOnError()`. Evidence: Apple's
/// documentation ("Raises a debugger signal when a provided closure needs to stop the process in the debugger";
/// `breakpointOnError` "Raises a debugger signal upon receiving a failure"). A raised `SIGTRAP` ends the process,
/// so these tests check that every event reaches its closure and passes through while the closures say no.
@Suite struct BreakpointTests {
    @Test func everyEventIsOfferedToItsClosureAndPassesThrough() {
        // Given closures that record what they were asked about and never stop
        var asked: [String] = []
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.breakpoint(
                receiveSubscription: { _ in
                    asked.append("subscription"); return false
                },
                receiveOutput: {
                    asked.append("value \($0)"); return false
                },
                receiveCompletion: {
                    asked.append("\($0)"); return false
                })
        }
        // When
        harness.send(1, 2)
        harness.send(completion: .finished)
        // Then
        #expect(asked == ["subscription", "value 1", "value 2", "finished"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))"], returned: ["max(1)", "max(1)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]))
    }

    @Test func breakpointOnErrorLetsValuesAndFinishedThrough() {
        let harness = OperatorHarness(Int.self, TestError.self) { $0.breakpointOnError() }
        harness.send(1)
        harness.send(completion: .finished)
        #expect(harness.downstream.history == ["subscription", "value(1)", "finished"])
    }
}
