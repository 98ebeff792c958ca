import Foundation
import Rehearsal
import ScenarioJSON

/// Everything a run found, ready for the reporters: outcomes sorted by path, obsolete goldens, notes about the run,
/// counts and the exit code. `--reporter json` writes it (``RunResults``) and `rehearsal report` reads it back.
struct RunReport: Sendable {
    /// One outcome per scenario, sorted by path (the same for any `--jobs`).
    var outcomes: [ScenarioOutcome]
    /// Goldens whose scenario file no longer exists.
    var obsoleteGoldens: [String]
    /// Whether obsolete goldens fail the run (`--strict`).
    var strict: Bool
    /// Whether the run is on CI (a recorded golden then fails the run: nobody reviewed it).
    var ci: ContinuousIntegration
    /// Wall-clock seconds of the whole run.
    var wallTime: Double
    /// The options the run was made with, as reports list them.
    var options: [RunSettings.Entry]
    /// Remarks about the run as a whole (stale temporary files removed, an interruption), in order.
    var notes: [Diagnostic]
    /// The signal that stopped the run before every scenario ran (SIGINT, SIGTERM), if one did.
    var interruption: Int32?
    /// The team's command (the executable's name as invoked), for the hints about the run as a whole.
    var advice = RecordAdvice()
    /// The shard of a sharded run (`--shard i/n`), which its JSON results record for `rehearsal report`.
    var shard: ShardRecord?
    /// Where the file reporters wrote their reports, for the console (`wrote report/index.html (html report)`).
    var writtenReports: [String] = []

    init(
        outcomes: [ScenarioOutcome], obsoleteGoldens: [String], strict: Bool, ci: ContinuousIntegration,
        wallTime: Double,
        options: [RunSettings.Entry] = [], notes: [Diagnostic] = [], interruption: Int32? = nil
    ) {
        self.outcomes = outcomes.sorted { $0.path < $1.path }
        self.obsoleteGoldens = obsoleteGoldens
        self.strict = strict
        self.ci = ci
        self.wallTime = wallTime
        self.options = options
        self.notes = notes
        self.interruption = interruption
    }

    /// How many scenarios ended with `status`.
    func count(_ status: ScenarioOutcome.Status) -> Int {
        outcomes.count { $0.status == status }
    }

    /// The scenarios that fail the run, in path order.
    var failures: [ScenarioOutcome] { outcomes.filter(\.isFailure) }

    /// `3 scenarios: 1 passed, 1 failed, 1 recorded in 0.42s`, listing only the statuses that occurred
    /// (passed always).
    var summaryLine: String {
        let total = outcomes.count
        var parts = ["\(count(.passed)) passed"]
        for status in ScenarioOutcome.Status.allCases where status != .passed && count(status) > 0 {
            parts.append("\(count(status)) \(Self.label(status))")
        }
        if !obsoleteGoldens.isEmpty {
            parts.append("\(obsoleteGoldens.count) obsolete golden\(obsoleteGoldens.count == 1 ? "" : "s")")
        }
        let interrupted = interruption.map { " (interrupted by \(SignalName.short($0)))" } ?? ""
        return "\(total) scenario\(total == 1 ? "" : "s"): \(parts.joined(separator: ", ")) in "
            + WallTime.text(wallTime) + interrupted
    }

    /// Human words for a status (`timed out`).
    static func label(_ status: ScenarioOutcome.Status) -> String {
        status == .timedOut ? "timed out" : status.rawValue
    }

    /// The process exit status: 128 + the signal of an interruption; otherwise ``ExitCode/of(_:)`` of the outcomes,
    /// and 1 when under CI a golden was recorded, or with `--strict` a golden is obsolete.
    var exitCode: Int32 {
        if let interruption { return 128 + interruption }
        let status = ExitCode.of(outcomes)
        if status != ExitCode.success { return status }
        if ci.isCI, count(.recorded) > 0 { return ExitCode.failure }
        if strict, !obsoleteGoldens.isEmpty { return ExitCode.failure }
        return ExitCode.success
    }
}
