import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// `--filter` and `--shard` on scenario paths.
@Suite struct ScenarioSelectionTests {
    static let paths: [PathName] = (1...10).map { "Scenarios/group\($0 % 3)/s\($0).json" }.sorted()

    @Test func shardsAreDisjointAndCoverEveryPathInSortedOrder() throws {
        // Given ten paths in any order
        let shuffled = Self.paths.reversed().map { $0 }
        // When they are cut into three shards
        let shards = try (1...3).map { index in
            ScenarioSelection.shard(shuffled, try .parse("\(index)/3", usage: "usage"))
        }
        // Then every path is in exactly one shard, each shard taking every third path of the sorted list
        #expect(shards.flatMap { $0 }.sorted() == Self.paths)
        #expect(
            shards == [
                [
                    "Scenarios/group0/s3.json", "Scenarios/group1/s1.json", "Scenarios/group1/s7.json",
                    "Scenarios/group2/s8.json",
                ],
                ["Scenarios/group0/s6.json", "Scenarios/group1/s10.json", "Scenarios/group2/s2.json"],
                ["Scenarios/group0/s9.json", "Scenarios/group1/s4.json", "Scenarios/group2/s5.json"],
            ])
    }

    @Test func filterMatchesSubstringsOrGlobsOnNamesAndPaths() {
        #expect(
            [
                ScenarioSelection.filter(Self.paths, by: "group0"),
                ScenarioSelection.filter(Self.paths, by: "group1/s1?"),
                ScenarioSelection.filter(Self.paths, by: "*/s[12].json"),
                ScenarioSelection.filter(Self.paths, by: nil).count == 10 ? ["all"] : [],
            ] == [
                ["Scenarios/group0/s3.json", "Scenarios/group0/s6.json", "Scenarios/group0/s9.json"],
                ["Scenarios/group1/s10.json"],
                ["Scenarios/group1/s1.json", "Scenarios/group2/s2.json"],
                ["all"],
            ])
    }

    @Test func scenarioFilesExcludeGoldensAndSchemas() {
        #expect(
            ["a.json", "a.timeline.json", "scenario.schema.json", "notes.txt"].filter(ScenarioSelection.isScenarioFile)
                == ["a.json"])
    }
}
