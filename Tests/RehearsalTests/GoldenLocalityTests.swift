import ExampleCatalog
import Foundation
import ScenarioJSON
import XCTest

@testable import Rehearsal

/// The bar for timeline format 2: a golden stays reviewable because one new event changes at most three of its
/// lines (one inserted line, plus the comma of the line before when the event comes last).
///
/// For each bundled scenario, a step is added in the middle that produces exactly one event (an input that the
/// ViewModel ignores: every catalog entry gets one more declared input, `_probe`, that does nothing), the
/// scenario is recorded with and without it, and the goldens' lines are compared with a shortest edit script.
/// The same comparison of the format 1 layout (a file-wide `seq`) shows what the bar is measured against.
final class GoldenLocalityTests: XCTestCase {
    func testOneInsertedEventChangesAtMostThreeGoldenLinesOfEveryBundledScenario() throws {
        let root = Fixtures.packageRoot
        let loader = ScenarioLoader(root: root)
        let runner = ScenarioRunner(catalog: Self.probed(exampleCatalog), loader: loader)
        let paths = ScenarioSchemaTests.bundledScenarios()
        XCTAssertGreaterThanOrEqual(paths.count, 25)
        var formatOneTotal = 0
        var formatTwoTotal = 0
        for path in paths {
            // Given the scenario and the same scenario with one more step in the middle
            let original = try loader.load(path)
            let probed = try Self.insertingProbe(into: path, loader: loader)
            // When both are recorded
            let before = runner.run(original, path: PathName(path))
            let after = runner.run(probed, path: PathName(path))
            XCTAssertEqual(after.findings.map(\.description), [], path)
            let old = try XCTUnwrap(before.timeline, path)
            let new = try XCTUnwrap(after.timeline, path)
            XCTAssertEqual(new.events.count, old.events.count + 1, "\(path): the probe should add exactly one event")
            // Then their format 2 goldens differ in at most three lines
            let changed = Self.changedLines(old.canonicalText, new.canonicalText)
            XCTAssertLessThanOrEqual(changed, 3, "\(path): \(changed) golden lines changed for one event")
            formatTwoTotal += changed
            formatOneTotal += Self.changedLines(Self.formatOneText(old), Self.formatOneText(new))
        }
        // and format 1 would have changed many more (every later seq): the measure tells the layouts apart
        XCTAssertLessThanOrEqual(formatTwoTotal, 3 * paths.count)
        XCTAssertGreaterThan(formatOneTotal, 2 * formatTwoTotal)
    }

    func testAnEventAddedLastChangesThreeLinesAndOneRemovedInsideAnInstantChangesOne() throws {
        // Given a timeline with three events at one instant
        let events = [
            try event(0, 0, #"{"input": "load"}"#), try event(0, 1, #"{"call": "R.f"}"#),
            try event(0, 2, #"{"output": "o", "value": 1}"#),
        ]
        let old = Timeline(scenario: "a", events: events).canonicalText
        // When an event is appended, and when the middle one is removed
        let appended = Timeline(scenario: "a", events: events + [try event(5, 3, #"{"output": "o", "value": 2}"#)])
        let removed = Timeline(scenario: "a", events: [events[0], events[2]])
        // Then appending rewrites the previous last line (its comma) and adds one; removing deletes one line
        XCTAssertEqual(Self.changedLines(old, appended.canonicalText), 3)
        XCTAssertEqual(Self.changedLines(old, removed.canonicalText), 1)
    }

    /// Lines deleted plus lines inserted by a shortest edit script from `old` to `new`.
    static func changedLines(_ old: String, _ new: String) -> Int {
        let operations = LineDiff.operations(
            old.split(separator: "\n").map(String.init), new.split(separator: "\n").map(String.init))
        return operations.count { if case .equal = $0 { false } else { true } }
    }

    /// The timeline in the layout of format 1: `"seq": n` after each `at`, numbering the events of the file.
    static func formatOneText(_ timeline: Timeline) -> String {
        let lines = timeline.events.enumerated().map { index, event in
            var object = JSONObject()
            object["at"] = .string(event.at.description)
            object["seq"] = .integer(Int64(index))
            for (key, value) in event.kind.members { object[key] = value }
            return "  " + JSONWriter(style: .spaced).string(.object(object))
        }
        return "{\"scenario\": \"\(timeline.scenario)\", \"events\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The scenario at `path` with `{"send": "_probe"}` inserted before its middle step (at the previous step's
    /// time: same-instant order counts too).
    static func insertingProbe(into path: String, loader: ScenarioLoader) throws -> Scenario {
        let document = try JSONFileResolver(root: loader.root).load(path)
        guard case .object(var object) = document.root, case .array(var steps)? = object["steps"] else {
            throw JSONError(message: "\(path) has no steps")
        }
        var probe = JSONObject()
        probe["send"] = "_probe"
        steps.insert(.object(probe), at: steps.count / 2)
        object["steps"] = .array(steps)
        let text = JSONWriter(style: .pretty).string(.object(object))
        let name = ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder)
        return try loader.scenario(from: try JSONParser().parse(text, path: path), name: name)
    }

    /// Every entry of `catalog` with one more declared input, `_probe`, that does nothing.
    static func probed(_ catalog: Catalog) -> Catalog {
        Catalog(entries: catalog.entries.map { ProbedEntry(base: $0) })
    }

    private struct ProbedEntry: CatalogEntry {
        let base: any CatalogEntry
        var name: String { base.name }

        @MainActor
        func instantiate(_ context: ScenarioContext) throws -> BuiltViewModel {
            let built = try base.instantiate(context)
            return BuiltViewModel(
                object: built.object,
                declaredInputs: built.declaredInputs + [InputPort(name: "_probe", valueType: nil) { _ in }],
                bind: built.bind, inputCaseNames: built.inputCaseNames, propertyPorts: built.propertyPorts)
        }
    }
}
