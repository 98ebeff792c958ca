import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// Golden timeline format 1 (a file-wide `seq`) is still read, and migrating it to format 2 changes no event.
///
/// `Fixtures/golden-v1` holds every bundled golden exactly as it was committed in format 1, the day the bundled
/// goldens were migrated (`rehearsal migrate`). When a bundled golden is re-recorded for a new behaviour, its format 1
/// copy no longer describes it: delete the copy then.
final class GoldenMigrationTests: XCTestCase {
    /// The format 1 copies, as paths relative to `Fixtures/golden-v1` (which mirror `Scenarios/`).
    static func formatOneGoldens() -> [String] {
        let base = Fixtures.root + "/golden-v1"
        let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".timeline.json") }.sorted()
    }

    func testEveryBundledFormatOneGoldenMigratesToItsFormatTwoEquivalent() throws {
        let goldens = Self.formatOneGoldens()
        XCTAssertGreaterThanOrEqual(goldens.count, 40)
        for path in goldens {
            // Given the bundled golden as it was in format 1
            let v1Bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/golden-v1/" + path)))
            let v1 = try GoldenFile(bytes: v1Bytes, path: path)
            XCTAssertEqual(v1.format, .v1, path)
            // When it is migrated
            let migrated = Array(v1.timeline.canonicalText.utf8)
            // Then the result is format 2 with the same events, times, members and order
            let v2 = try GoldenFile(bytes: migrated, path: path)
            XCTAssertEqual(v2.format, .v2, path)
            XCTAssertEqual(v2.timeline, v1.timeline, path)
            XCTAssertEqual(v2.timeline.events.map(\.at), v1.timeline.events.map(\.at), path)
            // and it is byte for byte the committed bundled golden, which the bundled scenarios pass against
            let bundled = try Data(contentsOf: URL(fileURLWithPath: Fixtures.packageRoot + "/Scenarios/" + path))
            XCTAssertEqual(
                String(decoding: migrated, as: UTF8.self), String(decoding: bundled, as: UTF8.self),
                "Scenarios/\(path) is not the migration of its format 1 golden; if it was re-recorded since, delete "
                    + "Tests/RehearsalTests/Fixtures/golden-v1/\(path)")
            // and the only lines that changed are the header and each event's seq
            let v1Lines = String(decoding: v1Bytes, as: UTF8.self).split(separator: "\n").dropFirst()
            let v2Lines = String(decoding: migrated, as: UTF8.self).split(separator: "\n").dropFirst()
            let withoutSeq = v1Lines.map {
                $0.replacingOccurrences(of: #", "seq": [0-9]+"#, with: "", options: .regularExpression)
            }
            XCTAssertEqual(withoutSeq, v2Lines.map(String.init), path)
        }
    }

    func testTheStoreMigratesEachFileOnceAndAtomically() throws {
        // Given a project with a format 1 golden, a format 2 one and one that is not a golden timeline
        let sandbox = try ScenarioSandbox()
        try sandbox.copyFixture(
            "golden-v1/contributors/load-and-paginate.timeline.json", to: "Scenarios/a.timeline.json")
        let current = try XCTUnwrap(sandbox.read("Scenarios/a.timeline.json"))
        try sandbox.write("{\"version\": 2, \"scenario\": \"b\", \"events\": []}\n", to: "Scenarios/b.timeline.json")
        try sandbox.write("{\"scenario\": \"c\", \"events\": [{\"at\": \"0ms\"}]}\n", to: "Scenarios/c.timeline.json")
        let store = GoldenStore(root: sandbox.root)
        // When each is migrated, with a dry run first
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json", dryRun: true), .migrated(from: .v1))
        XCTAssertEqual(sandbox.read("Scenarios/a.timeline.json"), current)
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json"), .migrated(from: .v1))
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json"), .current)
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/b.timeline.json"), .current)
        // Then the file is the bundled format 2 golden, and a broken file is reported where it breaks, unchanged
        XCTAssertEqual(
            sandbox.read("Scenarios/a.timeline.json"),
            try String(
                contentsOfFile: Fixtures.packageRoot + "/Scenarios/contributors/load-and-paginate.timeline.json",
                encoding: .utf8))
        XCTAssertThrowsError(try store.migrateGolden(at: "Scenarios/c.timeline.json")) { error in
            XCTAssertEqual(
                (error as? GoldenStoreError)?.description,
                """
                Scenarios/c.timeline.json:1:30: error: expected "seq": 0 for event 0, found nothing
                {"scenario": "c", "events": [{"at": "0ms"}]}
                                             ^
                  hint: number the events 0, 1, 2… in file order, or re-record it
                """)
        }
        XCTAssertEqual(
            sandbox.read("Scenarios/c.timeline.json"), "{\"scenario\": \"c\", \"events\": [{\"at\": \"0ms\"}]}\n")
        XCTAssertEqual(
            sandbox.listing().keys.sorted(),
            ["Scenarios/a.timeline.json", "Scenarios/b.timeline.json", "Scenarios/c.timeline.json"])
    }
}
