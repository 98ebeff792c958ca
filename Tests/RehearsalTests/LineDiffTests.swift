import ScenarioJSON
import Testing

@testable import Rehearsal

/// A small deterministic random generator (SplitMix64) for property tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct LineDiffTests {
    @Test func deletesAndInsertsAroundCommonLines() {
        #expect(
            LineDiff.operations(["a", "b", "c"], ["a", "c", "d"]) == [
                .equal(0, 0), .delete(1), .equal(2, 1), .insert(2),
            ])
    }

    @Test func insertedLineIsOneInsertNotAShiftedTail() {
        let old = ["1", "2", "3", "4", "5"]
        let new = ["1", "2", "x", "3", "4", "5"]
        #expect(
            LineDiff.operations(old, new) == [
                .equal(0, 0), .equal(1, 1), .insert(2), .equal(2, 3), .equal(3, 4), .equal(4, 5),
            ])
    }

    @Test func emptySides() {
        #expect(LineDiff.operations([String](), ["a"]) == [.insert(0)])
        #expect(LineDiff.operations(["a"], [String]()) == [.delete(0)])
        #expect(LineDiff.operations([String](), [String]()) == [])
    }

    @Test func tooManyEditsFallBackToReplacingTheMiddle() {
        #expect(
            LineDiff.operations(["s", "a", "b", "e"], ["s", "c", "d", "e"], maxEdits: 1) == [
                .equal(0, 0), .delete(1), .delete(2), .insert(1), .insert(2), .equal(3, 3),
            ])
    }

    /// Every script rebuilds the new sequence from the old one and keeps a longest common subsequence.
    @Test func scriptsAreValidAndMinimal() {
        var random = SplitMix(state: 7)
        let letters: [Character] = ["a", "b", "c"]
        for _ in 0..<300 {
            let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                letters[Int.random(in: 0..<3, using: &random)]
            }
            let new = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                letters[Int.random(in: 0..<3, using: &random)]
            }
            let operations = LineDiff.operations(old, new)
            var rebuilt: [Character] = []
            var oldIndex = 0
            var equalCount = 0
            for operation in operations {
                switch operation {
                case .equal(let x, let y):
                    #expect(x == oldIndex && old[x] == new[y])
                    rebuilt.append(old[x])
                    oldIndex += 1
                    equalCount += 1
                case .delete(let x):
                    #expect(x == oldIndex)
                    oldIndex += 1
                case .insert(let y):
                    #expect(y == rebuilt.count)
                    rebuilt.append(new[y])
                }
            }
            #expect(oldIndex == old.count && rebuilt == new)
            #expect(equalCount == Self.lcsLength(old, new), "\(old) → \(new)")
        }
    }

    private static func lcsLength(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
