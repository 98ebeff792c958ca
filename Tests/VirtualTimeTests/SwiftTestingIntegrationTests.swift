import Testing
import VirtualTime

/// How a Swift Testing test relates to the deterministic executor: on Linux its body runs off the main thread,
/// where the main queue (and so the MainActor) cannot be drained, so `runScenario` refuses with a clear error.
@Suite struct SwiftTestingIntegrationTests {
    @Test func runScenarioRefusesToRunOffTheMainThread() {
        // Given a Swift Testing test body (not on the main thread on Linux)
        let timeline = VirtualEventLoop()
        var ran = false

        // When it tries to run a scenario
        let error = #expect(throws: VirtualTimeError.self) { try timeline.runScenario { ran = true } }

        // Then it is refused before anything runs, and the error says where scenarios can run
        #expect(!ran)
        #expect(
            error?.description == """
                the deterministic executor must run on the main thread, which drains the main queue \
                (where MainActor jobs run)
                  hint: run scenarios from an XCTest method or from an executable's top-level code; \
                Swift Testing runs test bodies off the main thread on Linux
                """)
    }

    @Test func aMissingRuntimeHookIsReportedByName() {
        // Given the error raised when the runtime does not export the enqueue hook
        let error = VirtualTimeError.runtimeHookUnavailable(symbol: "swift_task_enqueueGlobal_hook")

        // Then its text names the symbol and what to do
        #expect(
            error.description == """
                the Swift runtime of this process does not export 'swift_task_enqueueGlobal_hook', so task \
                scheduling cannot be made deterministic
                  hint: use the Swift 6.3 toolchain on Linux
                """)
    }
}
