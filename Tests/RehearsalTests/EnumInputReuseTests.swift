import CombineCompat
import Rehearsal
import Testing
import ViewModelKit

/// A case without a payload is decoded once per enum type and name and handed out again to later steps and runs
/// (see `decodeCase`): these check that what a step sends is still exactly the case it names, whichever enum and
/// whatever ran before.
@Suite struct EnumInputReuseTests {
    @Test func twoEnumsWithTheSameCaseNamesEachGetTheirOwnCase() throws {
        // Given two ViewModels whose Action enums share case names, declared in different orders
        let plain = #"{"viewModel": "Lamp", "steps": [{"send": "on"}, {"send": "off"}, {"send": "on"}]}"#
        let swapped = #"{"viewModel": "Switch", "steps": [{"send": "on"}, {"send": "off"}, {"send": "on"}]}"#

        // When both are played, in turns, twice
        var histories: [[String]] = []
        for _ in 0..<2 {
            histories.append(try runInline(plain, catalog: reuseCatalog).lines)
            histories.append(try runInline(swapped, catalog: reuseCatalog).lines)
        }

        // Then each ViewModel saw its own enum's cases, the same on every run
        let lamp = [
            #"{"at": "0.000s", "state": "state", "value": "dark"}"#,
            #"{"at": "0.000s", "input": "on"}"#,
            #"{"at": "0.000s", "state": "state", "value": "lit"}"#,
            #"{"at": "0.000s", "input": "off"}"#,
            #"{"at": "0.000s", "state": "state", "value": "dark"}"#,
            #"{"at": "0.000s", "input": "on"}"#,
            #"{"at": "0.000s", "state": "state", "value": "lit"}"#,
        ]
        let lever = [
            #"{"at": "0.000s", "state": "state", "value": "down"}"#,
            #"{"at": "0.000s", "input": "on"}"#,
            #"{"at": "0.000s", "state": "state", "value": "up"}"#,
            #"{"at": "0.000s", "input": "off"}"#,
            #"{"at": "0.000s", "state": "state", "value": "down"}"#,
            #"{"at": "0.000s", "input": "on"}"#,
            #"{"at": "0.000s", "state": "state", "value": "up"}"#,
        ]
        #expect(histories == [lamp, lever, lamp, lever])
    }

    @Test func aCaseWithAPayloadIsDecodedFromEachStepsValue() throws {
        // Given steps that send one payload case with different values, after its payload-less neighbour
        let text = """
            {"viewModel": "Lamp", "steps": [{"send": "on"}, {"send": "dim", "value": 3}, {"send": "dim", "value": 7},
             {"send": "dim", "value": 3}]}
            """

        // Then every step's own value arrives
        let lines = try runInline(text, catalog: reuseCatalog).lines.filter { $0.contains("state") }
        #expect(
            lines == [
                #"{"at": "0.000s", "state": "state", "value": "dark"}"#,
                #"{"at": "0.000s", "state": "state", "value": "lit"}"#,
                #"{"at": "0.000s", "state": "state", "value": {"dimmed": 3}}"#,
                #"{"at": "0.000s", "state": "state", "value": {"dimmed": 7}}"#,
                #"{"at": "0.000s", "state": "state", "value": {"dimmed": 3}}"#,
            ])
    }

    @Test func aCaseThatNeedsAPayloadFailsOnEveryRunThatOmitsIt() throws {
        // Given a step that names a payload case without its value, after a payload-less case
        let text = #"{"viewModel": "Lamp", "steps": [{"send": "on"}, {"send": "dim"}]}"#

        // When it is played twice
        let first = try runInline(text, catalog: reuseCatalog).findings.map(\.description)
        let second = try runInline(text, catalog: reuseCatalog).findings.map(\.description)

        // Then both runs report the missing payload at the step, and the second is no different
        #expect(first.count == 1)
        #expect(first.first?.hasPrefix("inline.json:1:49: error: the value does not fit case 'dim'") == true)
        #expect(second == first)
    }

    @Test func aPayloadsRawValueThatFitsNoCaseKeepsTheDecodersHint() throws {
        // Given a payload of a raw-value enum, misspelt
        let text = #"{"viewModel": "Lamp", "steps": [{"send": "tint", "value": "wram"}]}"#

        // Then the error names the value and the hint the value meant
        let finding = try runInline(text, catalog: reuseCatalog).findings.first
        #expect(finding?.diagnostic.message.hasSuffix(#""wram" is no value of Tint"#) == true)
        #expect(finding?.diagnostic.hint == #"did you mean "warm"? use one of: "warm", "cold""#)
    }
}

private let reuseCatalog = Catalog {
    ViewModelEntry("Lamp") { _ in LampViewModel() }
    ViewModelEntry("Switch") { _ in SwitchViewModel() }
}

private final class LampViewModel: ViewModelable {
    enum Action: Decodable {
        case on
        case off
        case dim(Int)
        case tint(Tint)
    }

    enum Tint: String, Decodable, CaseIterable {
        case warm
        case cold
    }

    enum State: Equatable {
        case dark
        case lit
        case dimmed(Int)
    }

    @Published private(set) var state = State.dark

    func action(_ action: Action) {
        switch action {
        case .on: state = .lit
        case .off: state = .dark
        case .dim(let level): state = .dimmed(level)
        case .tint: break
        }
    }
}

private final class SwitchViewModel: ViewModelable {
    /// The same names as the lamp's, declared the other way round (so the raw case tags differ too).
    enum Action: Decodable {
        case off
        case on
    }

    enum State: Equatable {
        case down
        case up
    }

    @Published private(set) var state = State.down

    func action(_ action: Action) {
        state = action == .on ? .up : .down
    }
}
