import Foundation
import ScenarioJSON

/// Makes a failing schedule small: first the fewest non-default choices that still fail (the replay token), then a
/// scenario file written beside the original as `name.race-N.json`, where `rehearsal run` fails on it every time
/// until the ViewModel is fixed. The file forces the failing order with plain latencies under the default scheduler
/// whenever they can — the failing run's latencies without its schedule, else answers a tick apart in the failing
/// order — with the steps the failure does not need removed (and the responses they used), and each latency lowered
/// to the least whole number of milliseconds that still fails.
///
/// "Still fails" means: the candidate's findings include the failure's first finding (same kind and property) and
/// show nothing new. When no latencies tried force the order (an interleaving of task jobs, a step against a timer
/// of the ViewModel, a failure of the golden property), the written scenario keeps the remaining choices as its
/// `"schedule"` and its description says so; it is made small the same way, and the schedule is dropped as soon as
/// a smaller scenario fails without it.
struct Shrinker {
    let context: ExplorationContext
    /// The most candidate runs one shrink may take.
    static let runBudget = 4_000
    /// How many plain runs of the written scenario must all fail before it is written.
    static let verificationRuns = 10

    /// Why nothing was written.
    struct Failure: Error {
        let reason: String
    }

    /// What kind of failure a finding is, for "still fails the same way".
    struct Signature: Hashable {
        let kind: Finding.Kind
        let property: Int?
    }

    static func signatures(_ outcome: ScenarioOutcome) -> [Signature] {
        outcome.findings.map { Signature(kind: $0.kind, property: $0.property) }
    }

    /// The run's schedule with every non-default choice that the failure does not need set back to the default,
    /// and options lowered where a lower one still fails.
    func fewestDeviations(_ run: ScheduleRun) -> ScheduleRun {
        let target = Self.signatures(run.outcome)
        guard let primary = target.first else { return run }
        func fails(_ candidate: ScheduleRun) -> Bool {
            let found = Self.signatures(candidate.outcome)
            return found.contains(primary) && Set(found).isSubset(of: Set(target))
        }
        var best = run
        var budget = Self.runBudget / 2
        var changed = true
        while changed, budget > 0 {
            changed = false
            for deviation in best.driver.deviations.reversed() where budget > 0 {
                var options = [0] + Array(1..<deviation.option)
                options = Array(options.prefix(4))
                for option in options where budget > 0 {
                    budget -= 1
                    var deviations = best.driver.deviations.filter { $0.position != deviation.position }
                    if option > 0 {
                        deviations.append(ScheduleToken.Deviation(position: deviation.position, option: option))
                        deviations.sort { $0.position < $1.position }
                    }
                    let candidate = context.play(ReplaySource(deviations: deviations))
                    if fails(candidate) {
                        best = candidate
                        changed = true
                        break
                    }
                }
                if changed { break }
            }
        }
        return best
    }

    /// Writes the shrunk scenario of a failing run (already reduced by ``fewestDeviations(_:)``); returns its path.
    func shrink(_ run: ScheduleRun, token: ScheduleToken) -> Result<(path: String, earlier: Bool), Failure> {
        var work = ShrinkWork(context: context, failing: run)
        do {
            var candidate = try work.start()
            if let plain = work.withoutSchedule(candidate) { candidate = plain }
            // A golden failure keeps the original's steps and latencies: its golden is copied with it.
            if !work.isGoldenFailure { candidate = work.minimised(candidate) }
            return .success(try work.write(candidate, token: token))
        } catch {
            return .failure(error)
        }
    }
}
