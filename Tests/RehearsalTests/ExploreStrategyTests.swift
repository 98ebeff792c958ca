import ScenarioJSON
import Testing

@testable import Rehearsal

/// The strategies' arithmetic, on choice trees made up in the test (no scenario runs).
@Suite struct ExploreStrategyTests {
    /// The runs of a tree whose choice points never depend on earlier choices: `options[i]` options at point i.
    static func exhaustive(options: [Int], bound: Int) -> [[Int]] {
        func run(_ prefix: [ScheduleToken.Deviation]) -> [ScheduleChoice] {
            var source = ReplaySource(deviations: prefix)
            return options.enumerated().map { position, count in
                let point = ChoicePoint(
                    kind: .order, position: position, options: count, orderStep: position, threads: [])
                return ScheduleChoice(kind: .order, options: count, chosen: source.choose(point))
            }
        }
        var trace = run([])
        var runs = [trace.map(\.chosen)]
        while let prefix = Explorer.nextPrefix(after: trace, bound: bound) {
            trace = run(prefix)
            runs.append(trace.map(\.chosen))
        }
        return runs
    }

    @Test func theBoundedSearchRunsEveryScheduleWithAtMostKDeviationsOnce() {
        // Given 3 choice points of 2, 3 and 2 options, When searched with bound 1, Then the default order and each
        // single deviation ran once: 1 + (1 + 2 + 1) = 5 schedules
        let one = Self.exhaustive(options: [2, 3, 2], bound: 1)
        #expect(one == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 2, 0], [1, 0, 0]])
        // And with bound 2: every pair too, 5 + (1·2 + 1·1 + 2·1) = 10; bound 3 is all 12
        #expect(Set(Self.exhaustive(options: [2, 3, 2], bound: 2)).count == 10)
        #expect(Self.exhaustive(options: [2, 3, 2], bound: 2).count == 10)
        #expect(Self.exhaustive(options: [2, 3, 2], bound: 3).count == 12)
        #expect(Self.exhaustive(options: [2, 3, 2], bound: 0) == [[0, 0, 0]])
    }

    @Test func aJitterWindowOpensFiveLatenciesTheScriptedOneFirst() {
        #expect(
            ScheduleDriver.latencyOptions(scripted: .milliseconds(450), jitter: .milliseconds(100))
                == [.milliseconds(450), .milliseconds(400), .milliseconds(500), .milliseconds(350), .milliseconds(550)])
        // Never below zero, and each latency once
        #expect(
            ScheduleDriver.latencyOptions(scripted: .milliseconds(30), jitter: .milliseconds(100))
                == [.milliseconds(30), .zero, .milliseconds(80), .milliseconds(130)])
    }

    @Test func pctRunsTheHighestPriorityThreadUntilAChangePointDemotesIt() {
        // Given PCT with depth 1 (no change point): a thread that wins once keeps winning while it is runnable
        var pct = PCTSource(seed: 7, index: 1, depth: 1, steps: 10)
        let threads: [ScheduleThread] = [.task(1), .task(2), .main]
        func choose(_ threads: [ScheduleThread], step: Int) -> ScheduleThread {
            let point = ChoicePoint(
                kind: .order, position: step, options: threads.count, orderStep: step, threads: threads)
            return threads[pct.choose(point)]
        }
        let first = choose(threads, step: 0)
        #expect((1..<10).allSatisfy { choose(threads.shuffled(), step: $0) == first })
        // Given depth 2 with a single step, the change point is step 1: the thread about to run is demoted
        var demoting = PCTSource(seed: 7, index: 1, depth: 2, steps: 1)
        let point = ChoicePoint(kind: .order, position: 0, options: 2, orderStep: 0, threads: [.task(1), .task(2)])
        let winner = demoting.choose(point)
        let again = ChoicePoint(kind: .order, position: 1, options: 2, orderStep: 1, threads: [.task(1), .task(2)])
        #expect(demoting.choose(again) == winner)
    }

    @Test func randomSchedulesAreTheSameForTheSameSeedAndIndex() {
        func draws(_ seed: UInt64, _ index: Int) -> [Int] {
            var source = RandomSource(seed: seed, index: index)
            return (0..<20).map {
                source.choose(ChoicePoint(kind: .order, position: $0, options: 5, orderStep: $0, threads: []))
            }
        }
        #expect(draws(1, 3) == draws(1, 3))
        #expect(draws(1, 3) != draws(1, 4))
        #expect(draws(1, 3) != draws(2, 3))
    }
}
