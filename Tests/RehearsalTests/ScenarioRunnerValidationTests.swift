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

    /// A key of the right mock under a name too far from the method's for a typo: the run reports it once, at the
    /// key, as another name for the method called, and validating (which plays the scenario) reports the same.
    func testValidateReportsAMockKeyUnderAnotherNameAtTheKeyAsARunDoes() {
        let runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))
        let file = "Tests/RehearsalTests/Fixtures/invalid/mock-key-under-another-name.json"

        let failures = runner.validate(file: file)

        let expected = """
            invalid: Tests/RehearsalTests/Fixtures/invalid/mock-key-under-another-name.json:5:5: error: unknown mock \
            method 'StoreRepository.loadPage': the ViewModel called StoreRepository.fetchContributors (by step 0 at \
            0.000s), which no response is scripted for
                "StoreRepository.loadPage": [
                ^
              hint: rename 'StoreRepository.loadPage' to 'StoreRepository.fetchContributors'
            """
        XCTAssertEqual(failures.map { "\($0.kind): \($0)" }, [expected])
        XCTAssertEqual(runner.run(file: file).findings.map { "\($0.kind): \($0)" }, [expected])
    }

    /// Validating reports what a run reports about the mock script: a call no response answers, a response no call
    /// used; not what the ViewModel does (a lenient scenario's unused response stays a note).
    func testValidateReportsMissingAndUnusedResponsesAsARunDoes() {
        let runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))

        let unused = runner.validate(file: "Tests/RehearsalTests/Fixtures/invalid/unused-response.json")
        let missing = runner.validate(file: "Tests/RehearsalTests/Fixtures/invalid/call-without-response.json")

        XCTAssertEqual(
            unused.map { "\($0.kind): \($0)" },
            [
                """
                endCheck: Tests/RehearsalTests/Fixtures/invalid/unused-response.json:7:7: error: scripted response 1 \
                for StoreRepository.fetchContributors was not used (1 use left)
                      {"after": "100ms", "return": {"items": [], "cursor": null}}
                      ^
                  hint: remove it, or find out why the ViewModel called StoreRepository.fetchContributors only 1 time
                """
            ])
        XCTAssertEqual(
            missing.map { "\($0.kind): \($0)" },
            [
                """
                mock: Tests/RehearsalTests/Fixtures/invalid/call-without-response.json:11:5: error: the only scripted \
                response for StoreRepository.fetchContributors was used (call made by step 1 at 1.000s)
                    {"at": "1s", "send": "loadMore"}
                    ^
                  mock key: Tests/RehearsalTests/Fixtures/invalid/call-without-response.json:5:5
                  hint: add another response, or "times": N or "repeat": true to the last one
                """
            ])
    }

    func testValidateAcceptsAValidScenarioAndItsObserverSeesTheEventsOfARun() {
        // Given a runner that observes events (a worker streams them, so a hang while validating is located)
        let observed = ObservedEvents()
        var runner = ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: Self.root))
        runner.eventObserver = { observed.append($0) }
        // When a valid scenario is validated
        let failures = runner.validate(file: "Scenarios/contributors/load-and-paginate.json")
        // Then nothing is wrong with it, and the observer saw what a run of it records, in order
        XCTAssertEqual(failures.map(\.description), [])
        runner.eventObserver = nil
        XCTAssertEqual(
            observed.events, runner.run(file: "Scenarios/contributors/load-and-paginate.json").timeline?.events)
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
