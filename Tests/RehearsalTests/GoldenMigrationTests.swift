import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// Golden timeline formats 1 (a file-wide `seq`) and 2 (times in the largest unit that needs three decimals) are
/// still read, and migrating them to format 3 (times in one fixed form) changes no event.
///
/// `Fixtures/golden-v1` and `Fixtures/golden-v2` hold the bundled goldens exactly as they were committed in formats 1
/// and 2, the days the bundled goldens were migrated (`rehearsal migrate`). When a bundled golden is re-recorded for a
/// new behaviour, its older copies no longer describe it: delete them then.
final class GoldenMigrationTests: XCTestCase {
    /// The copies in `format`, as paths relative to `Fixtures/golden-v<format>` (which mirrors `Scenarios/`).
    static func olderGoldens(_ format: TimelineFormat) -> [String] {
        let base = Fixtures.root + "/golden-v\(format.rawValue)"
        let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".timeline.json") }.sorted()
    }

    func testEveryBundledGoldenOfAnOlderFormatMigratesToItsFormatThreeEquivalent() throws {
        for format in [TimelineFormat.v1, .v2] {
            let goldens = Self.olderGoldens(format)
            XCTAssertGreaterThanOrEqual(goldens.count, 40)
            for path in goldens {
                // Given the bundled golden as it was in an older format
                let oldBytes = Array(
                    try Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/golden-v\(format.rawValue)/" + path)))
                let old = try GoldenFile(bytes: oldBytes, path: path)
                XCTAssertEqual(old.format, format, path)
                // When it is migrated
                let migrated = Array(old.timeline.canonicalText.utf8)
                // Then the result is format 3 with the same events, times, members and order
                let new = try GoldenFile(bytes: migrated, path: path)
                XCTAssertEqual(new.format, .v3, path)
                XCTAssertEqual(new.timeline, old.timeline, path)
                XCTAssertEqual(new.timeline.events.map(\.at), old.timeline.events.map(\.at), path)
                // and it is byte for byte the committed bundled golden, which the bundled scenarios pass against
                let bundled = try Data(contentsOf: URL(fileURLWithPath: Fixtures.packageRoot + "/Scenarios/" + path))
                XCTAssertEqual(
                    String(decoding: migrated, as: UTF8.self), String(decoding: bundled, as: UTF8.self),
                    "Scenarios/\(path) is not the migration of its format \(format.rawValue) golden; if it was "
                        + "re-recorded since, delete Tests/RehearsalTests/Fixtures/golden-v\(format.rawValue)/\(path)")
                // and the only lines that changed are the header, each event's seq and the text of its time
                let oldLines = String(decoding: oldBytes, as: UTF8.self).split(separator: "\n").dropFirst()
                let newLines = String(decoding: migrated, as: UTF8.self).split(separator: "\n").dropFirst()
                let withoutSeqAndTime = { (line: Substring) in
                    line.replacingOccurrences(of: #", "seq": [0-9]+"#, with: "", options: .regularExpression)
                        .replacingOccurrences(of: #"^  \{"at": "[^"]*""#, with: "", options: .regularExpression)
                }
                XCTAssertEqual(oldLines.map(withoutSeqAndTime), newLines.map(withoutSeqAndTime), path)
            }
        }
    }

    func testTheStoreMigratesEachFileOnceAndAtomically() throws {
        // Given a project with a format 1 golden, a format 3 one and one that is not a golden timeline
        let sandbox = try ScenarioSandbox()
        try sandbox.copyFixture(
            "golden-v1/contributors/load-and-paginate.timeline.json", to: "Scenarios/a.timeline.json")
        let current = try XCTUnwrap(sandbox.read("Scenarios/a.timeline.json"))
        try sandbox.write("{\"version\": 3, \"scenario\": \"b\", \"events\": []}\n", to: "Scenarios/b.timeline.json")
        try sandbox.write("{\"scenario\": \"c\", \"events\": [{\"at\": \"0ms\"}]}\n", to: "Scenarios/c.timeline.json")
        let store = GoldenStore(root: sandbox.root)
        // When each is migrated, with a dry run first
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json", dryRun: true), .migrated(from: .v1))
        XCTAssertEqual(sandbox.read("Scenarios/a.timeline.json"), current)
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json"), .migrated(from: .v1))
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/a.timeline.json"), .current)
        XCTAssertEqual(try store.migrateGolden(at: "Scenarios/b.timeline.json"), .current)
        // Then the file is the bundled format 3 golden, and a broken file is reported where it breaks, unchanged
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
