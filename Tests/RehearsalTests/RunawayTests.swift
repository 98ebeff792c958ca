import CombineCompat
import Foundation
import Rehearsal
import VirtualTime
import XCTest

/// A ViewModel with a polling timer that never stops, and one whose task reschedules itself at the same instant.
private final class PollingViewModel {
    struct Input { let start = PassthroughSubject<Void, Never>() }
    struct Output { let ticks = PassthroughSubject<Int, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private var count = 0

    init() {
        input.start
            .sink { [weak self] in
                guard let self else { return }
                DispatchQueue.main.schedule(
                    after: DispatchQueue.main.now.advanced(by: .milliseconds(10)), interval: .milliseconds(10)
                ) { [weak self] in
                    guard let self else { return }
                    self.count += 1
                    self.output.ticks.send(self.count)
                }
                .store(in: &self.cancellables)
            }
            .store(in: &cancellables)
    }
}

private let runawayCatalog = Catalog {
    ViewModelEntry("Polling") { _ in PollingViewModel() }
}

final class RunawayTests: XCTestCase {
    func testAnEndlessTimerWithoutUntilFailsWithAClearReportInsteadOfHanging() throws {
        // Given a limit of one virtual minute (the default is an hour)
        let result = try runInline(
            #"{"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}"#, catalog: runawayCatalog,
            limits: VirtualTimeLimits(maxTime: .seconds(60)))

        // Then the run stops at the limit and points at the step that started the timer
        XCTAssertEqual(
            result.failures.map(\.description),
            [
                """
                inline.json:1:36: error: the ViewModel did not settle: virtual time limit 1m reached: repeating \
                redirected real-time scheduler every 10ms from cause 'step 0' is still scheduled, next at 60.01s
                {"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}
                                                   ^
                  hint: cancel repeating timers and long-running tasks when the work is done, or set "until"
                """
            ])
        // And the ticks up to the limit are on the timeline: one every 10ms from 1.01s to 60s
        XCTAssertEqual(result.lines.filter { $0.contains("\"ticks\"") }.count, 5_900)
        XCTAssertEqual(result.lines.last, #"{"at": "1m", "seq": 5900, "output": "ticks", "value": 5900}"#)
    }

    func testTheStepLimitNamesTheStretchItCounted() throws {
        // Given at most 1,000 jobs and timers in one stretch of the run
        let result = try runInline(
            #"{"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}"#, catalog: runawayCatalog,
            limits: VirtualTimeLimits(maxSteps: 1_000))

        // Then the report says from when it counted, and what kept running
        XCTAssertEqual(
            result.failures.map(\.error.headline),
            [
                "inline.json:1:1: error: the ViewModel did not settle: step limit 1000 reached at 11.01s, "
                    + "counting from 1.01s; what kept running:"
            ])
    }
}
