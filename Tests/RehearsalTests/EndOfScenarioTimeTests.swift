import CombineCompat
import Foundation
import Rehearsal
import Testing

/// A search screen as teams write it without Combine's debounce: a `DispatchWorkItem` debounce that "clear"
/// cancels (and `deinit` too), a background refresh in a detached task that sleeps with `Task.sleep`, and a draft
/// autosaved by a MainActor task 5s later.
private final class WorkItemSearchViewModel {
    struct Input {
        let query = PassthroughSubject<String, Never>()
        let clear = PassthroughSubject<Void, Never>()
        let refreshInBackground = PassthroughSubject<Void, Never>()
        let saveDraft = PassthroughSubject<String, Never>()
    }
    struct Output {
        let results = PassthroughSubject<String, Never>()
    }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private var pendingSearch: DispatchWorkItem?

    init() {
        input.query
            .sink { [weak self] text in self?.debounce(text) }
            .store(in: &cancellables)
        input.clear
            .sink { [weak self] in self?.pendingSearch?.cancel() }
            .store(in: &cancellables)
        input.refreshInBackground
            .sink { [output] in
                // A subject is not Sendable, as in Combine: the scenario runs its tasks on the main thread.
                nonisolated(unsafe) let output = output
                Task.detached(priority: .utility) {
                    try await Task.sleep(for: .seconds(30))
                    output.results.send("refreshed")
                }
            }
            .store(in: &cancellables)
        input.saveDraft
            .sink { [output] text in
                nonisolated(unsafe) let output = output
                Task { @MainActor in
                    try await Task.sleep(for: .seconds(5))
                    output.results.send("saved '\(text)'")
                }
            }
            .store(in: &cancellables)
    }

    deinit { pendingSearch?.cancel() }

    private func debounce(_ text: String) {
        pendingSearch?.cancel()
        let search = DispatchWorkItem { [output] in output.results.send("results for '\(text)'") }
        pendingSearch = search
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: search)
    }
}

private let workItemCatalog = Catalog {
    ViewModelEntry("WorkItemSearch") { _ in WorkItemSearchViewModel() }
}

/// End-of-scenario checks on the ViewModel's own time sources: what was cancelled is not pending, what still sleeps
/// is reported at the step that started it.
@Suite struct EndOfScenarioTimeTests {
    @Test func aDebouncedSearchClearedBeforeItsDeadlineLeavesNothingPending() throws {
        // Given keystrokes at 0 and 100ms, and the field cleared at 200ms, with the scenario ending at 350ms
        let result = try runInline(
            """
            {"viewModel": "WorkItemSearch", "until": "350ms",
             "steps": [{"at": "0ms", "send": "query", "value": "s"}, {"at": "100ms", "send": "query", "value": "sw"},
                       {"at": "200ms", "send": "clear"}]}
            """, catalog: workItemCatalog)

        // Then no search ran and nothing is reported: the cancelled work items are nobody's pending work
        #expect(result.findings.map(\.description) == [])
        #expect(
            result.lines == [
                #"{"at": "0.000s", "input": "query", "value": "s"}"#,
                #"{"at": "0.100s", "input": "query", "value": "sw"}"#,
                #"{"at": "0.200s", "input": "clear"}"#,
            ])
    }

    @Test func aDetachedTaskStillSleepingAtTheEndIsReportedAtItsStep() throws {
        // Given a background refresh (a detached task sleeping 30s) started by step 1, in a scenario that ends at 1s
        let result = try runInline(
            """
            {"viewModel": "WorkItemSearch", "until": "1s",
             "steps": [{"at": "0ms", "send": "query", "value": "s"}, {"at": "0ms", "send": "refreshInBackground"}]}
            """, catalog: workItemCatalog)

        // Then the sleeping task is a finding at step 1
        #expect(
            result.findings.map(\.description) == [
                """
                inline.json:2:58: error: a task started by step 1 is still running at the end of the scenario: it is \
                sleeping on the virtual clock
                 "steps": [{"at": "0ms", "send": "query", "value": "s"}, {"at": "0ms", "send": "refreshInBackground"}]}
                                                                         ^
                  hint: raise 'until' so the task can finish, or cancel it in the ViewModel
                """
            ])
    }

    @Test func aMainActorTaskSleepThatOutlivesTheScenarioIsReportedAtItsStep() throws {
        // Given a draft autosaved 5s after step 1, in a scenario that ends at 2s
        let result = try runInline(
            """
            {"viewModel": "WorkItemSearch", "until": "2s",
             "steps": [{"at": "0ms", "send": "query", "value": "s"}, {"at": "1s", "send": "saveDraft", "value": "x"}]}
            """, catalog: workItemCatalog)

        // Then the sleeping task is a finding at step 1, and the search of step 0 ran at 300ms
        #expect(
            result.findings.map { "\($0.step?.index ?? -1): \($0.diagnostic.headline)" } == [
                "1: inline.json:2:58: error: a task started by step 1 is still running at the end of the scenario: it "
                    + "is sleeping on the virtual clock"
            ])
        #expect(result.lines.contains(#"{"at": "0.300s", "output": "results", "value": "results for 's'"}"#))
    }
}
