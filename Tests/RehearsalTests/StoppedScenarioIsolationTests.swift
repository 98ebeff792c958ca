import CombineCompat
import ExampleCatalog
import Foundation
import Rehearsal
import Testing
import VirtualTime

/// An app-wide image cache, as apps keep one: a `static let shared` actor every screen awaits.
private actor AvatarCache {
    static let shared = AvatarCache()
    private var requests = 0

    func avatar(for user: String) -> String {
        requests += 1
        return "\(user).png"
    }
}

/// A profile screen: `load` shows the avatar from the shared cache; `watch` (a bug) polls the cache in a loop that
/// never lets time pass.
private final class AvatarViewModel {
    struct Input {
        let load = PassthroughSubject<String, Never>()
        let watch = PassthroughSubject<Void, Never>()
    }
    struct Output { let avatar = PassthroughSubject<String, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.load
            .sink { [output] user in
                // A subject is not Sendable, as in Combine: the scenario runs its tasks on the main thread.
                nonisolated(unsafe) let output = output
                Task { @MainActor in output.avatar.send(await AvatarCache.shared.avatar(for: user)) }
            }
            .store(in: &cancellables)
        input.watch
            .sink {
                Task { @MainActor in
                    while !Task.isCancelled { _ = await AvatarCache.shared.avatar(for: "me") }
                }
            }
            .store(in: &cancellables)
    }
}

private let avatarCatalog = Catalog {
    ViewModelEntry("Avatar") { _ in AvatarViewModel() }
}

/// Scenarios after one that stopped at a limit, in the same process, play as they would in a fresh one.
@Suite struct StoppedScenarioIsolationTests {
    @Test func aScenarioStoppedAtTheStepLimitLeavesTheNextScenariosTheirNormalTimelines() throws {
        // Given a scenario whose polling loop is stopped at the step limit (either parity of the limit: the stop
        // falls between a MainActor job and a job of the shared actor)
        for maxSteps in [1_000, 1_001] {
            let stopped = try runInline(
                #"{"viewModel": "Avatar", "steps": [{"at": "0ms", "send": "watch"}]}"#, catalog: avatarCatalog,
                limits: VirtualTimeLimits(maxSteps: maxSteps))
            #expect(stopped.findings.map { "\($0.step?.index ?? -1) \($0.kind)" } == ["0 runaway"])

            // When a scenario using the same shared actor runs next, then a bundled one
            let next = try runInline(
                #"{"viewModel": "Avatar", "steps": [{"at": "1s", "send": "load", "value": "kim"}]}"#,
                catalog: avatarCatalog)
            let root = Fixtures.packageRoot
            let bundledRunner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
            let bundled = GoldenCheck(store: GoldenStore(root: root), mode: .never)
                .check(bundledRunner.run(file: "Scenarios/review-search/debounced-typing.json"))

            // Then each gives the timeline it gives in a fresh process
            #expect(next.findings.map(\.description) == [])
            #expect(
                next.lines == [
                    #"{"at": "1.000s", "input": "load", "value": "kim"}"#,
                    #"{"at": "1.000s", "output": "avatar", "value": "kim.png"}"#,
                ])
            #expect(bundled.status == .passed, "\(bundled.text)")
        }
    }
}
