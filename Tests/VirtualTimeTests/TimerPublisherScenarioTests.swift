import CombineCompat
import Foundation
import VirtualTime
import XCTest

/// A ViewModel that polls with a run-loop timer, as iOS code does: `Timer.publish(every:on:in:)` + `autoconnect()`.
private final class PollingViewModel {
    private(set) var ticks: [Date] = []
    private var cancellable: AnyCancellable?

    func start() {
        cancellable = Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] date in self?.ticks.append(date) }
    }

    func stop() { cancellable = nil }
}

/// Timer publishers run on the virtual timeline during a scenario. Evidence: Apple's documentation of
/// `Timer.publish(every:tolerance:on:in:options:)` ("Returns a publisher that repeatedly emits the current date on
/// the given interval") and `autoconnect()` (connects at the first subscriber); the first tick comes one interval
/// after the connection.
final class TimerPublisherScenarioTests: XCTestCase {
    func testARunLoopTimerFiresAtVirtualSecondsAndStopsWhenCancelled() throws {
        // Given a ViewModel that starts polling at 0s
        let timeline = VirtualEventLoop()
        let viewModel = PollingViewModel()
        var instants: [String] = []
        try timeline.runScenario {
            viewModel.start()
            // When 3.5 virtual seconds pass, the ViewModel stops, and more time passes
            try timeline.advance(by: .milliseconds(3_500))
            instants = viewModel.ticks.map { $0.formatted(.iso8601) }
            viewModel.stop()
            try timeline.advance(by: .seconds(10))
        }
        // Then it ticked at virtual 1s, 2s and 3s, with the scenario's dates (what Date() reads), and not after it
        // stopped
        XCTAssertEqual(instants, ["2026-01-01T09:00:01Z", "2026-01-01T09:00:02Z", "2026-01-01T09:00:03Z"])
        XCTAssertEqual(viewModel.ticks.count, 3)
        XCTAssertNil(timeline.nextDue)
    }
}
