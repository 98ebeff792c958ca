import CombineCompat
import Rehearsal
import ScenarioJSON

/// A ViewModel that waits with `Task.sleep`, as async code does without an injected clock: each `nap` input
/// sleeps for its value in seconds, then reports that it woke.
final class NappingViewModel {
    struct Input { let nap = PassthroughSubject<Int, Never>() }
    struct Output { let woke = PassthroughSubject<Int, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.nap
            .sink { [output] seconds in
                // A subject is not Sendable, as in Combine: the scenario's tasks all run on the main thread.
                nonisolated(unsafe) let woke = output.woke
                Task { @MainActor in
                    try await Task.sleep(for: .seconds(seconds))
                    woke.send(seconds)
                }
            }
            .store(in: &cancellables)
    }
}

/// The scenario of `runner.task_sleep_scenario_ms`: an hour of `Task.sleep`, one 60s nap started every minute.
enum TaskSleepScenario {
    static let catalog = Catalog {
        ViewModelEntry("Napping") { _ in NappingViewModel() }
    }

    static let steps = 60

    static func load() throws -> Scenario {
        let steps = (0..<steps).map { #"{"at": "\#($0)m", "send": "nap", "value": 60}"# }
        let text = #"{"viewModel": "Napping", "until": "1h", "steps": [\#(steps.joined(separator: ", "))]}"#
        let document = try JSONParser().parse(text, path: "task-sleep.json")
        return try ScenarioLoader().scenario(from: document, name: "task-sleep")
    }
}
