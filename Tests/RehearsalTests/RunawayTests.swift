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

/// A ViewModel whose reminder fires two hours after `start`, on the scheduler its factory hands it.
private final class ReminderViewModel {
    struct Input { let start = PassthroughSubject<Void, Never>() }
    struct Output { let reminded = PassthroughSubject<String, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init(scheduler: VirtualScheduler) {
        input.start
            .delay(for: .seconds(7_200), scheduler: scheduler)
            .sink { [weak self] in self?.output.reminded.send("time to review") }
            .store(in: &cancellables)
    }
}

private let runawayCatalog = Catalog {
    ViewModelEntry("Polling") { _ in PollingViewModel() }
    ViewModelEntry("Reminder") { context in ReminderViewModel(scheduler: context.scheduler) }
}

final class RunawayTests: XCTestCase {
    func testAnEndlessTimerWithoutUntilFailsWithAClearReportInsteadOfHanging() throws {
        // Given a margin of one virtual minute after the last step (the default is an hour)
        let result = try runInline(
            #"{"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}"#, catalog: runawayCatalog,
            limits: VirtualTimeLimits(maxTime: .seconds(60)))

        // Then the run stops at the scenario's limit (the last step plus the margin), says where it comes from,
        // and points at the step that started the timer
        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:1:36: error: the ViewModel did not settle within the scenario's time limit of 1m01.000s (the \
                last step at 1.000s plus 1m00.000s): repeating redirected real-time scheduler every 0.010s from step 0 is still \
                scheduled, next at 1m01.010s
                {"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}
                                                   ^
                  hint: cancel repeating timers and long-running tasks when the work is done, or set "until"
                """
            ])
        XCTAssertEqual(result.findings.map(\.step?.index), [0])
        // And the ticks up to the limit are on the timeline: one every 10ms from 1.010s to 61s
        XCTAssertEqual(result.lines.filter { $0.contains("\"ticks\"") }.count, 6_000)
        XCTAssertEqual(result.lines.last, #"{"at": "1m01.000s", "output": "ticks", "value": 6000}"#)
    }

    func testTheStepLimitNamesTheStretchItCounted() throws {
        // Given at most 1,000 jobs and timers in one stretch of the run
        let result = try runInline(
            #"{"viewModel": "Polling", "steps": [{"at": "1s", "send": "start"}]}"#, catalog: runawayCatalog,
            limits: VirtualTimeLimits(maxSteps: 1_000))

        // Then the report is located at the step that started the runaway work, says from when it counted, and
        // what kept running
        XCTAssertEqual(
            result.findings.map(\.diagnostic.headline),
            [
                "inline.json:1:36: error: the ViewModel did not settle: step limit 1000 reached at 11.010s, "
                    + "counting from 1.010s; what kept running:"
            ])
        XCTAssertEqual(result.findings.map(\.step?.index), [0])
    }

    func testUntilPastOneHourIsTheScenariosTimeLimit() throws {
        // Given a reminder due at 2h00m00.000s and a scenario that runs until 3h (past the runner's one-hour margin)
        let result = try runInline(
            #"{"viewModel": "Reminder", "steps": [{"at": "0ms", "send": "start"}], "until": "3h"}"#,
            catalog: runawayCatalog)
        // Then the time limit follows the scenario: the reminder fires at 2h00m00.000s and nothing is reported
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "start"}"#,
                #"{"at": "2h00m00.000s", "output": "reminded", "value": "time to review"}"#,
            ])
    }

    func testWithoutUntilTheLimitIsTheLastStepPlusTheMargin() throws {
        // Given the same reminder sent at 30m00.000s, with a margin of one hour after the last step and no 'until'
        let result = try runInline(
            #"{"viewModel": "Reminder", "steps": [{"at": "30m", "send": "start"}]}"#, catalog: runawayCatalog,
            limits: VirtualTimeLimits(maxTime: .hours(1)))
        // Then the run stops at 1h30m00.000s and says so: the reminder at 2h30m00.000s is past it
        XCTAssertEqual(
            result.findings.map(\.diagnostic.message),
            [
                "the ViewModel did not settle within the scenario's time limit of 1h30m00.000s (the last step at 30m00.000s plus "
                    + "1h00m00.000s): VirtualScheduler.schedule from step 0 is still scheduled, next at 2h30m00.000s"
            ])
    }
}
