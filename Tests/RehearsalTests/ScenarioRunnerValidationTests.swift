import Foundation
import Rehearsal
import RunnerFixtures
import XCTest

/// `validate(file:)` and the event observer: the runner's own checks without playing, and events as they happen.
/// XCTest, because runs need the main thread.
final class ScenarioRunnerValidationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testValidateReportsAnUnknownInputWithoutRunning() {
        // Given a scenario that sends an input the ViewModel does not have
        let runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))
        // When it is validated
        let failures = runner.validate(file: "Tests/RehearsalTests/Fixtures/invalid/unknown-input.json")
        // Then the runner's own check reports it, located at the step
        XCTAssertEqual(
            failures.map { "\($0.kind): \($0)" },
            [
                """
                invalid: Tests/RehearsalTests/Fixtures/invalid/unknown-input.json:5:27: error: unknown input 'lod' \
                for ViewModel 'Contributors'
                    {"at": "0ms", "send": "lod"}
                                          ^
                  hint: did you mean 'load'? Inputs: load, didTapClose, didTapEdit, loadMore
                """
            ])
    }

    func testValidateAcceptsAValidScenarioAndRecordsNothing() {
        let observed = ObservedEvents()
        var runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))
        runner.eventObserver = { observed.append($0) }
        let failures = runner.validate(file: "Scenarios/contributors/load-and-paginate.json")
        XCTAssertEqual(failures.map(\.description), [])
        XCTAssertEqual(observed.events, [])
    }

    func testEventObserverSeesEveryEventInOrder() {
        // Given a runner that observes events
        let observed = ObservedEvents()
        var runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))
        runner.eventObserver = { observed.append($0) }
        // When a scenario runs
        let result = runner.run(file: "Scenarios/contributors/load-and-paginate.json")
        // Then the observer saw exactly the recorded timeline, in order
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(observed.events, result.timeline?.events)
    }
}

/// Events collected from the observer (called on the main thread; locked for Sendable).
private final class ObservedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [TimelineEvent] = []

    func append(_ event: TimelineEvent) {
        lock.withLock { collected.append(event) }
    }

    var events: [TimelineEvent] { lock.withLock { collected } }
}
