import CombineCompat
import Rehearsal
import Testing
import ViewModelKit

/// A team's own `action(_:)` protocol is not ViewModelKit's `ViewModelable`, which the runner knows: one line in the
/// catalog target (`extension CartViewModel: ViewModelKit.ViewModelable {}`, qualified since a team's protocol may
/// have the same name) makes the ViewModel one, and the unknown-input hint says so when the runner finds no inputs.
@Suite struct TeamActionProtocolTests {
    @Test func aRetroactiveViewModelableConformanceMakesTheTeamsActionsInputs() throws {
        // Given a ViewModel of the team's own action protocol, declared ViewModelable in the catalog
        let text = #"{"viewModel": "Cart", "steps": [{"send": "add", "value": 2}, {"send": "clear"}]}"#

        // Then its actions are inputs and its state is recorded
        let outcome = try runInline(text, catalog: teamCatalog)
        #expect(outcome.findings.map(\.description) == [])
        #expect(
            outcome.lines == [
                #"{"at": "0.000s", "state": "state", "value": {"$type": "State", "items": 0}}"#,
                #"{"at": "0.000s", "input": "add", "value": 2}"#,
                #"{"at": "0.000s", "state": "state", "value": {"$type": "State", "items": 2}}"#,
                #"{"at": "0.000s", "input": "clear"}"#,
                #"{"at": "0.000s", "state": "state", "value": {"$type": "State", "items": 0}}"#,
            ])
    }

    @Test func withoutItTheHintNamesTheConformance() throws {
        // Given the same kind of ViewModel without the conformance
        let text = #"{"viewModel": "PlainCart", "steps": [{"send": "clear"}]}"#

        // Then the unknown input's hint says how to make its actions inputs
        let outcome = try runInline(text, catalog: teamCatalog)
        let hint = outcome.findings.first?.diagnostic.hint ?? ""
        #expect(
            hint.contains("`import ViewModelKit` and `extension PlainCartViewModel: ViewModelKit.ViewModelable {}`"))
    }
}

/// The team's protocol, in the shape of seed 003 but its own.
private protocol TeamViewModel: ObservableObject {
    associatedtype Action
    associatedtype State
    var state: State { get }
    func action(_ action: Action)
}

private final class CartViewModel: TeamViewModel {
    enum Action: Decodable {
        case add(Int)
        case clear
    }

    struct State: Equatable {
        var items: Int
    }

    @Published private(set) var state = State(items: 0)

    func action(_ action: Action) {
        switch action {
        case .add(let count): state.items += count
        case .clear: state.items = 0
        }
    }
}

private final class PlainCartViewModel: TeamViewModel {
    enum Action: Decodable {
        case clear
    }

    @Published private(set) var state = 0

    func action(_ action: Action) { state = 0 }
}

/// What the team writes in its catalog target.
extension CartViewModel: ViewModelKit.ViewModelable {}

private let teamCatalog = Catalog {
    ViewModelEntry("Cart") { _ in CartViewModel() }
    ViewModelEntry("PlainCart") { _ in PlainCartViewModel() }
}
