import CombineCompat
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// Thrown by the test hook that interrupts a write.
struct SimulatedCrash: Error, CustomStringConvertible {
    var description: String { "simulated crash" }
}

@Suite struct GoldenStoreTests {
    private static func timeline(_ name: String = "a/b", value: Int) throws -> Timeline {
        Timeline(
            scenario: name,
            events: [
                try event(0, 0, #"{"input": "load"}"#),
                try event(300, 1, #"{"output": "count", "value": \#(value)}"#),
            ])
    }

    @Test func goldenSitsBesideItsScenario() {
        let store = GoldenStore(root: "/project")
        #expect(store.goldenPath(forScenario: "Scenarios/a/b.json") == "Scenarios/a/b.timeline.json")
        #expect(store.goldenPath(forScenario: "./Scenarios/a.json") == "Scenarios/a.timeline.json")
        #expect(
            store.artifactPath(forScenario: "Scenarios/a/b.json") == ".rehearsal/artifacts/Scenarios/a/b.timeline.json")
        #expect(store.artifactIndexPath == ".rehearsal/artifacts/index.json")
    }

    @Test func writesCanonicalBytesAndReadsThemBack() throws {
        let sandbox = try ScenarioSandbox()
        let store = GoldenStore(root: sandbox.root)
        let timeline = try Self.timeline(value: 1)
        #expect(try store.readGolden(forScenario: "Scenarios/a/b.json") == nil)
        try store.writeGolden(timeline, forScenario: "Scenarios/a/b.json")
        #expect(
            sandbox.read("Scenarios/a/b.timeline.json") == """
                {"version": 3, "scenario": "a/b", "events": [
                  {"at": "0.000s", "input": "load"},
                  {"at": "0.300s", "output": "count", "value": 1}
                ]}

                """)
        #expect(try store.readGolden(forScenario: "Scenarios/a/b.json") == timeline)
        #expect(store.goldenFiles(under: "Scenarios") == ["Scenarios/a/b.timeline.json"])
    }

    @Test func anInterruptedWriteLeavesTheOldGoldenAndNoTemporaryFile() throws {
        // Given a golden on disk
        let sandbox = try ScenarioSandbox()
        var store = GoldenStore(root: sandbox.root)
        try store.writeGolden(try Self.timeline(value: 1), forScenario: "Scenarios/a/b.json")
        let before = sandbox.listing()
        // When the next write is interrupted after its temporary file was written and flushed
        let seen = TemporaryPaths()
        store.afterTemporaryFileWritten = { path in
            if FileManager.default.fileExists(atPath: path) { seen.append(path) }
            throw SimulatedCrash()
        }
        let error = #expect(throws: FileError.self) {
            try store.writeGolden(try Self.timeline(value: 2), forScenario: "Scenarios/a/b.json")
        }
        // Then the write failed, its temporary file (which existed, beside the golden) is gone, and nothing changed
        #expect(
            error?.description == """
                Scenarios/a/b.timeline.json: error: could not replace the file: the write was interrupted: simulated crash
                  hint: check the file and its folder, then run again
                """)
        #expect(seen.paths.count == 1)
        #expect(seen.paths.first?.hasPrefix(sandbox.root + "/Scenarios/a/.b.timeline.json.tmp-") == true)
        #expect(seen.paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(sandbox.listing() == before)
    }

    @Test func artifactsAreIndexedAndAcceptedByRename() throws {
        // Given artifacts kept for two scenarios, one of which has an old golden
        let sandbox = try ScenarioSandbox()
        let store = GoldenStore(root: sandbox.root)
        try sandbox.write("{}\n", to: "Scenarios/a/b.json")
        try sandbox.write("{\"c\": 1}\n", to: "Scenarios/c.json")
        try store.writeGolden(try Self.timeline(value: 1), forScenario: "Scenarios/a/b.json")
        try store.writeArtifact(try Self.timeline(value: 2), forScenario: "Scenarios/a/b.json")
        try store.writeArtifact(try Self.timeline("c", value: 3), forScenario: "Scenarios/c.json")
        #expect(store.artifacts() == ["Scenarios/a/b.json", "Scenarios/c.json"])
        // The index names each kept timeline's scenario and the digest (FNV-1a, 64 bits) of its scenario file
        let digests = ["{}\n", "{\"c\": 1}\n"].map { String(FNV1a.hash64(Array($0.utf8)), radix: 16) }
        #expect(digests.allSatisfy { $0.count == 16 })
        #expect(
            sandbox.read(".rehearsal/artifacts/index.json") == """
                {"artifacts": [
                  {"scenario": "Scenarios/a/b.json", "golden": "Scenarios/a/b.timeline.json", "artifact": ".rehearsal/artifacts/Scenarios/a/b.timeline.json", "name": "a/b", "scenarioDigest": "\(digests[0])"},
                  {"scenario": "Scenarios/c.json", "golden": "Scenarios/c.timeline.json", "artifact": ".rehearsal/artifacts/Scenarios/c.timeline.json", "name": "c", "scenarioDigest": "\(digests[1])"}
                ]}

                """)
        // When one is accepted
        #expect(try store.acceptArtifacts(["Scenarios/a/b.json"]) == ["Scenarios/a/b.timeline.json"])
        // Then it replaced the golden and left the artifacts, and the other one is still kept
        #expect(try store.readGolden(forScenario: "Scenarios/a/b.json") == Self.timeline(value: 2))
        #expect(store.artifacts() == ["Scenarios/c.json"])
        #expect(sandbox.read(".rehearsal/artifacts/Scenarios/a/b.timeline.json") == nil)
        // And accepting all takes the rest
        #expect(try store.acceptArtifacts() == ["Scenarios/c.timeline.json"])
        #expect(try store.readGolden(forScenario: "Scenarios/c.json") == Self.timeline("c", value: 3))
        #expect(store.artifacts() == [])
        #expect(store.goldenFiles() == ["Scenarios/a/b.timeline.json", "Scenarios/c.timeline.json"])
    }

    @Test func scenarioPathsAreOneIdentityWithOrWithoutDotSlash() throws {
        let sandbox = try ScenarioSandbox()
        let store = GoldenStore(root: sandbox.root)
        try store.writeGolden(try Self.timeline(value: 1), forScenario: "./Scenarios/a/b.json")
        try store.writeArtifact(try Self.timeline(value: 2), forScenario: "./Scenarios/a/b.json")
        try store.writeArtifact(try Self.timeline(value: 2), forScenario: "Scenarios/a/b.json")
        #expect(store.artifacts() == ["Scenarios/a/b.json"])
        // Kept artifacts are not goldens, even when listing the whole project
        #expect(store.goldenFiles(under: "") == ["Scenarios/a/b.timeline.json"])
        try store.removeArtifact(forScenario: "./Scenarios/a/b.json")
        #expect(store.artifacts() == [])
        #expect(sandbox.listing().keys.sorted() == [".rehearsal/artifacts/index.json", "Scenarios/a/b.timeline.json"])
    }

    @Test func acceptingAMissingOrBrokenArtifactMovesNothing() throws {
        let sandbox = try ScenarioSandbox()
        let store = GoldenStore(root: sandbox.root)
        try sandbox.write("{}\n", to: "Scenarios/a/b.json")
        try store.writeArtifact(try Self.timeline(value: 2), forScenario: "Scenarios/a/b.json")
        let before = sandbox.listing()
        let missing = #expect(throws: GoldenStoreError.self) {
            try store.acceptArtifacts(["Scenarios/a/b.json", "Scenarios/x.json"])
        }
        #expect(
            missing?.description == """
                .rehearsal/artifacts/Scenarios/x.timeline.json: error: no kept timeline to accept for Scenarios/x.json
                  hint: run the scenario first: a run whose timeline differs from its golden keeps it in .rehearsal/artifacts
                """)
        try sandbox.write("{\"scenario\": 1}\n", to: ".rehearsal/artifacts/Scenarios/a/b.timeline.json")
        let broken = #expect(throws: GoldenStoreError.self) { try store.acceptArtifacts() }
        #expect(
            broken?.description == """
                .rehearsal/artifacts/Scenarios/a/b.timeline.json:1:14: error: expected the scenario name as a string for \
                'scenario', found the integer 1
                {"scenario": 1}
                             ^
                  hint: fix the file, or re-record it with --record all
                """)
        var after = sandbox.listing()
        after[".rehearsal/artifacts/Scenarios/a/b.timeline.json"] =
            before[".rehearsal/artifacts/Scenarios/a/b.timeline.json"]
        #expect(after == before)
    }
}

/// Paths a hook saw (the hook is `@Sendable`).
final class TemporaryPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    func append(_ path: String) { lock.withLock { seen.append(path) } }

    var paths: [String] { lock.withLock { seen } }
}
