import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON
import Testing
import VirtualTime

/// A ViewModel as a team writes it, with no injected clock: it saves after a `Task.sleep`, stamps with `Date()`,
/// hides a toast with `DispatchQueue.main.asyncAfter`, and (badly) blocks its thread with `Thread.sleep`.
private final class ReminderViewModel {
    struct Input {
        let save = PassthroughSubject<String, Never>()
        let showToast = PassthroughSubject<Void, Never>()
        let blockBriefly = PassthroughSubject<Void, Never>()
    }
    struct Output {
        let saved = PassthroughSubject<String, Never>()
        let toastVisible = PassthroughSubject<Bool, Never>()
    }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.save
            .sink { [output] title in
                // A subject is not Sendable, as in Combine: the scenario runs its tasks on the main thread.
                nonisolated(unsafe) let output = output
                Task { @MainActor in
                    try await Task.sleep(for: .seconds(2))
                    output.saved.send("\(title) at \(Date().formatted(.iso8601))")
                }
            }
            .store(in: &cancellables)
        input.showToast
            .sink { [output] in
                nonisolated(unsafe) let output = output
                output.toastVisible.send(true)
                DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { output.toastVisible.send(false) }
            }
            .store(in: &cancellables)
        input.blockBriefly
            .sink { Thread.sleep(forTimeInterval: 0.25) }
            .store(in: &cancellables)
    }
}

private let reminderCatalog = Catalog {
    ViewModelEntry("Reminder") { _ in ReminderViewModel() }
}

/// The runner with virtual system time, from Swift Testing bodies (off the main thread).
@Suite struct SystemTimeScenarioTests {
    @Test func taskSleepDateAndAsyncAfterPlayOnTheScenarioClock() throws {
        // Given a scenario whose wall clock starts at 07:08:09 in UTC+2
        let result = try runInline(
            """
            {"viewModel": "Reminder", "clock": {"now": "2030-05-06T07:08:09+02:00"},
             "steps": [{"at": "0ms", "send": "save", "value": "dentist"}, {"at": "1s", "send": "showToast"}]}
            """, catalog: reminderCatalog)

        // Then the save lands 2s after the step with the virtual date, the toast hides 1.5s after showing
        #expect(result.findings.map(\.description) == [])
        #expect(result.systemTime == .virtual)
        #expect(
            result.lines == [
                #"{"at": "0.000s", "input": "save", "value": "dentist"}"#,
                #"{"at": "1.000s", "input": "showToast"}"#,
                #"{"at": "1.000s", "output": "toastVisible", "value": true}"#,
                #"{"at": "2.000s", "output": "saved", "value": "dentist at 2030-05-06T05:08:11Z"}"#,
                #"{"at": "2.500s", "output": "toastVisible", "value": false}"#,
            ])
    }

    @Test func aThreadSleepIsAFindingAtTheStepThatCausedIt() throws {
        // Given a step whose work blocks the thread for 250ms
        let result = try runInline(
            """
            {"viewModel": "Reminder",
             "steps": [{"at": "0ms", "send": "blockBriefly"}, {"at": "100ms", "send": "showToast"}]}
            """, catalog: reminderCatalog)

        // Then it is reported at that step, and the next step ran when the thread was free again
        #expect(
            result.findings.map(\.description) == [
                """
                inline.json:2:12: error: work started by step 0 blocked the scenario thread for 0.250s in a thread sleep \
                (nanosleep) at 0.000s; virtual time moved on by as much
                 "steps": [{"at": "0ms", "send": "blockBriefly"}, {"at": "100ms", "send": "showToast"}]}
                           ^
                  hint: use Task.sleep, or a scheduler delay, instead of blocking a thread
                """
            ])
        #expect(result.lines.dropFirst().first == #"{"at": "0.250s", "input": "showToast"}"#)
    }

    @Test func withSystemTimeSwitchedOffTheResultSaysSo() throws {
        // Given the runner with virtual system time switched off
        let text = #"{"viewModel": "Reminder", "steps": [{"send": "save", "value": "x"}]}"#
        let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "inline.json")
        let scenario = try ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: "inline")
        var runner = ScenarioRunner(catalog: reminderCatalog)
        runner.virtualizesSystemTime = false

        // When the scenario runs
        let result = runner.run(scenario)

        // Then the result says system time was real, and the sleeping task is reported instead of waking
        #expect(result.systemTime == .real(.switchedOff))
        #expect(result.lines == [#"{"at": "0.000s", "input": "save", "value": "x"}"#])
        #expect(result.findings.map(\.description).contains { $0.contains("slept on a real clock") })
    }

    @Test(arguments: [
        (
            #"{"viewModel": "Reminder", "clock": {"now": "2026-02-30T09:00:00Z"}}"#,
            """
            inline.json:1:44: error: 'now': expected a valid date and time, found "2026-02-30T09:00:00Z" (that month has \
            28 days)
            {"viewModel": "Reminder", "clock": {"now": "2026-02-30T09:00:00Z"}}
                                                       ^
              hint: months run 01-12, hours 00-23, minutes and seconds 00-59
            """
        ),
        (
            #"{"viewModel": "Reminder", "clock": {"now": "2026-01-01 09:00"}}"#,
            """
            inline.json:1:44: error: 'now': expected a date and time such as "2026-01-01T09:00:00Z", found \
            "2026-01-01 09:00"
            {"viewModel": "Reminder", "clock": {"now": "2026-01-01 09:00"}}
                                                       ^
              hint: write it as YYYY-MM-DDTHH:MM:SSZ (RFC 3339), e.g. "2026-01-01T09:00:00Z"
            """
        ),
        (
            #"{"viewModel": "Reminder", "clock": {"now": "2026-01-01T09:00:00"}}"#,
            """
            inline.json:1:44: error: 'now': expected a time zone ('Z' or an offset such as +01:00) after the time, \
            found "2026-01-01T09:00:00"
            {"viewModel": "Reminder", "clock": {"now": "2026-01-01T09:00:00"}}
                                                       ^
              hint: add Z for UTC, e.g. "2026-01-01T09:00:00Z"
            """
        ),
        (
            #"{"viewModel": "Reminder", "clock": {"start": "2026-01-01T09:00:00Z"}}"#,
            """
            inline.json:1:37: error: unknown key 'start' in the clock
            {"viewModel": "Reminder", "clock": {"start": "2026-01-01T09:00:00Z"}}
                                                ^
              hint: remove it; keys of the clock: now
            inline.json:1:36: error: missing key 'now' in the clock
            {"viewModel": "Reminder", "clock": {"start": "2026-01-01T09:00:00Z"}}
                                               ^
              hint: add "now": "2026-01-01T09:00:00Z" (what Date() reads when the scenario starts)
            """
        ),
        (
            #"{"viewModel": "Reminder", "clock": {"now": 1767258000}}"#,
            """
            inline.json:1:44: error: expected a date and time string for 'now', found the integer 1767258000
            {"viewModel": "Reminder", "clock": {"now": 1767258000}}
                                                       ^
              hint: write it as a string, e.g. "2026-01-01T09:00:00Z"
            """
        ),
    ])
    func aWrongClockIsALocatedErrorWithAHint(_ text: String, _ expected: String) throws {
        let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "inline.json")
        let error = #expect(throws: ScenarioLoadError.self) {
            try ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: "inline")
        }
        #expect(error?.diagnostics.map(\.description).joined(separator: "\n") == expected)
    }
}
