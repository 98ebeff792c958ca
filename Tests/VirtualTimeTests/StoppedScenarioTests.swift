import Foundation
import Testing
import VirtualTime

/// An app-wide cache as iOS code keeps one: a `static let shared` actor that every screen's ViewModel awaits.
actor SharedThumbnailCache {
    static let shared = SharedThumbnailCache()
    private var hits = 0

    func thumbnail(_ name: String) -> String {
        hits += 1
        return "\(name).png"
    }
}

/// A scenario stopped at a limit abandons its work; what it leaves behind must not change the next scenario in the
/// same process.
@Suite struct StoppedScenarioTests {
    @Test(arguments: [1_000, 1_001])
    func aSharedActorServesTheNextScenarioAfterOneStoppedAtTheStepLimit(_ maxSteps: Int) throws {
        // Given a scenario whose MainActor task polls the shared actor without ever letting time pass, stopped at
        // the step limit (with either parity of the limit, the stop falls between a MainActor job and an actor job)
        let runaway = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: maxSteps))
        #expect(throws: VirtualTimeError.self) {
            try runaway.runScenario {
                Task { @MainActor in
                    while true { _ = await SharedThumbnailCache.shared.thumbnail("poll") }
                }
                try runaway.run()
            }
        }

        // When the next scenario awaits the same actor
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task { @MainActor in
                log.add("got \(await SharedThumbnailCache.shared.thumbnail("avatar"))")
                try await Task.sleep(for: .milliseconds(100))
                log.add("done")
            }
            try timeline.run()
        }

        // Then it plays as in a fresh process
        #expect(log.lines == ["0.000s got avatar.png", "0.100s done"])
    }
}
