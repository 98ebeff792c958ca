import CombineCompat
import Foundation
import Testing

@testable import Rehearsal

/// A ViewModel that dozes with `Task.sleep(for:)` (no injected clock), as async code does: `nap` with a number of
/// seconds makes it asleep, and awake again when the sleep ends.
@MainActor final class DozingViewModel: ObservableObject {
    @Published private(set) var awake = true
    let nap = PassthroughSubject<Int, Never>()
    private var cancellables = Set<AnyCancellable>()

    /// The line of the `Task.sleep(for:)` call below.
    nonisolated static let sleepLine = #line + 10

    init() {
        nap.sink { [weak self] seconds in self?.doze(seconds) }.store(in: &cancellables)
    }

    private func doze(_ seconds: Int) {
        awake = false
        Task { @MainActor [weak self] in
            // The call a mutant makes sleep for zero.
            try await Task.sleep(for: .seconds(seconds))
            self?.awake = true
        }
    }
}

/// `Task.sleep(for:)` in a file that imports Combine is a mutation point at its call (CombineCompat's overload,
/// which the compiler prefers to the standard library's generic one): a mutant sleeps for zero, and a scenario that
/// checks when the sleeper wakes kills it. Outside a mutate play the sleep is the standard library's, on virtual time.
@Suite struct TaskSleepMutationTests {
    static let catalog = Catalog { ViewModelEntry("Dozing") { _ in DozingViewModel() } }

    /// A package root with one scenario (a nap of 60 s at 1 s) and its golden, recorded by a plain run.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-sleep-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        let scenario = #"{"viewModel": "Dozing", "steps": [{"at": "1s", "send": "nap", "value": 60}]}"#
        try Data(scenario.utf8).write(to: root.appendingPathComponent("Scenarios/nap.json"))
        let runner = ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root.path))
        let recorded = GoldenCheck(store: GoldenStore(root: root.path), mode: .missing)
            .check(runner.run(file: "Scenarios/nap.json"))
        #expect(recorded.status == .recorded, "\(recorded.findings)")
        return root
    }

    @Test func theSleepIsReachedAtItsCallAndItsZeroMutantIsKilled() throws {
        // Given the nap scenario with its golden
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let mutator = Mutator(runner: ScenarioRunner(catalog: Self.catalog, loader: ScenarioLoader(root: root.path)))
        // When it is played as written
        let baseline = mutator.play(file: "Scenarios/nap.json", mutant: nil)
        // Then it is awake again 60 s after the nap, and the sleep is a mutation point at its call in this file
        #expect(baseline.status == .passed)
        #expect(baseline.timeline?.events.last.map { "\($0.at) \($0.kind.label)" } == "1m01.000s state")
        let point = try #require(baseline.mutation?.reached.first { $0.operator == .taskSleep })
        #expect(point.site.file == "RehearsalTests/TaskSleepMutationTests.swift")
        #expect(point.site.line == DozingViewModel.sleepLine)
        // When it is played with that sleep made zero
        let mutated = mutator.play(file: "Scenarios/nap.json", mutant: Mutant(point: point, change: .intervalZero))
        // Then it is awake again at the nap's instant, and the golden comparison kills the mutant
        #expect(mutated.timeline?.events.last.map { "\($0.at) \($0.kind.label)" } == "1.000s state")
        #expect(mutated.status == .failed)
        #expect(mutated.golden?.mismatch != nil)
        // And the whole mutation run reports it reached and killed
        let report = mutator.mutate(files: ["Scenarios/nap.json"])
        let results = report.viewModels.flatMap(\.mutants).filter { $0.mutant.point.operator == .taskSleep }
        #expect(results.map(\.verdict) == [.killed])
    }
}
