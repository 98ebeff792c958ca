import Foundation
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// `--shard i/n` balanced by the durations of earlier runs (longest first, each to the least loaded shard).
@Suite struct ShardPlanTests {
    /// 200 scenarios whose every 8th (in path order) takes 1 to 3 s and the others 10 to 200 ms: counting puts every
    /// slow one in shard 1 of 8.
    static let paths = (0..<200).map { String(format: "Scenarios/suite/s%03d.json", $0) }

    static func skewed(_ index: Int) -> Int64 {
        index % 8 == 0 ? 1_000_000 + Int64(index * 7919 % 2_000_000) : 10_000 + Int64(index * 104_729 % 190_000)
    }

    static let durations = ScenarioDurations(
        microseconds: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, skewed($0)) }))

    /// `paths` as the plan takes them.
    static func named(_ paths: [String]) -> [PathName] { paths.map { PathName($0) } }

    /// The plan's shards as text.
    static func texts(_ shards: [[PathName]]) -> [[String]] { shards.map { $0.map(\.description) } }

    /// The longest shard's time over the shortest's, with each scenario's true time.
    static func spread(_ shards: [[String]], _ truth: [String: Int64]) -> Double {
        let totals = shards.map { $0.reduce(Int64(0)) { $0 + (truth[$1] ?? 0) } }
        return Double(totals.max() ?? 0) / Double(max(1, totals.min() ?? 1))
    }

    @Test func eightShardsOfASkewedSuiteAreWithinAQuarterOfEachOtherAndHoldEveryScenarioOnce() {
        // Given the durations of a skewed suite, and the suite's paths in any order
        // When it is cut into 8 shards by durations, and by counting
        let plan = ShardPlan(paths: Self.named(Self.paths.reversed()), count: 8, durations: Self.durations)
        let counted = ShardPlan(paths: Self.named(Self.paths), count: 8, durations: nil)
        // Then the shards hold every scenario exactly once
        #expect(Self.texts(plan.shards).flatMap { $0 }.sorted() == Self.paths)
        #expect(plan.basis == .durations(known: 200, estimated: 0))
        // And the longest shard takes at most 1.25 times as long as the shortest (counting: over 17 times)
        let balanced = Self.spread(Self.texts(plan.shards), Self.durations.microseconds)
        let byCount = Self.spread(Self.texts(counted.shards), Self.durations.microseconds)
        #expect(balanced <= 1.25, "\(plan.expectedMicroseconds)")
        #expect(byCount > 17, "\(counted.shards.map(\.count))")
        #expect(plan.expectedMicroseconds.reduce(0, +) == Self.durations.microseconds.values.reduce(0, +))
    }

    @Test func filesAddedAndRemovedSinceTheDurationsAreEachInOneShardAndNewOnesCountTheMedian() {
        // Given durations written before 20 scenarios were removed and 15 added
        let current = Array(Self.paths.dropFirst(20)) + (0..<15).map { "Scenarios/new/n\($0).json" }
        // When each of 8 shards plans from the same durations, each given the files in another order
        let shards = (1...8).map { index in
            ShardPlan(
                paths: Self.named(index % 2 == 0 ? current : current.reversed()), count: 8, durations: Self.durations
            ).paths(ofShard: index).map(\.description)
        }
        // Then together they hold every current file once, and none of the removed ones
        #expect(shards.flatMap { $0 }.sorted() == current.sorted())
        let plan = ShardPlan(paths: Self.named(current), count: 8, durations: Self.durations)
        #expect(plan.basis == .durations(known: 180, estimated: 15))
        #expect(Self.texts(plan.shards) == shards)
        // And the plan is balanced by what it knows (the new files at the median of the known durations)
        let known = Self.paths.dropFirst(20).compactMap { Self.durations.microseconds[$0] }.sorted()
        var estimated = Self.durations.microseconds
        for path in current where estimated[path] == nil { estimated[path] = known[known.count / 2] }
        #expect(Self.spread(Self.texts(plan.shards), estimated) <= 1.25, "\(plan.expectedMicroseconds)")
    }

    @Test func withoutDurationsForAnySelectedFileTheShardsAreCutByCounting() {
        // Given durations of other files only
        let others = ScenarioDurations(microseconds: ["Scenarios/elsewhere.json": 5_000_000])
        let paths = Array(Self.paths.prefix(10))
        // When the selection is cut into 3 shards
        let plan = ShardPlan(paths: Self.named(paths), count: 3, durations: others)
        // Then each shard takes every third path in sorted order, as `--shard` always did without durations
        #expect(plan.basis == .counting)
        #expect(
            Self.texts(plan.shards)
                == (0..<3).map { shard in paths.enumerated().filter { $0.offset % 3 == shard }.map(\.1) })
    }

    @Test func theDurationsFileRoundTripsSortedByPathAndRefusesAnotherFormat() throws {
        // Given durations
        let durations = ScenarioDurations(microseconds: ["Scenarios/b.json": 20, "Scenarios/a.json": 1_500])
        // When they are written and read back
        let text = durations.text
        // Then the file lists them by path, and reads back the same
        #expect(
            text == """
                {
                  "version": 1,
                  "microseconds": {
                    "Scenarios/a.json": 1500,
                    "Scenarios/b.json": 20
                  }
                }

                """)
        #expect(try ScenarioDurations.read(Array(text.utf8), path: "d.json") == durations)
        // And another format version is a located error
        let other = text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7")
        do {
            _ = try ScenarioDurations.read(Array(other.utf8), path: "d.json")
            Issue.record("format 7 was read")
        } catch {
            #expect(
                error.description == """
                    d.json:2:14: error: unknown durations format 7
                      "version": 7,
                                 ^
                      hint: use the durations a run of this version wrote (format 1)
                    """)
        }
        #expect(ScenarioDurations.load("/nonexistent/d.json", shownPath: "d.json").isMissing)
    }
}

extension ScenarioDurations.Loaded {
    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
