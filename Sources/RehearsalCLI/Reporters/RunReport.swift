import Foundation

/// Everything a run found, ready for the reporters: verdicts sorted by path, obsolete goldens, counts, exit code.
struct RunReport: Sendable {
    /// One verdict per scenario, sorted by path (the same for any `--jobs`).
    var verdicts: [Verdict]
    /// Goldens whose scenario file no longer exists.
    var obsoleteGoldens: [String]
    /// Whether obsolete goldens fail the run (`--strict`).
    var strict: Bool
    /// Whether a CI environment was detected (a recorded golden then fails the run: nobody reviewed it).
    var ci: Bool
    /// Wall-clock seconds of the whole run.
    var wallTime: Double
    /// The options the run was made with, as reports list them.
    var options: [RunOptions.Entry]

    init(
        verdicts: [Verdict], obsoleteGoldens: [String], strict: Bool, ci: Bool, wallTime: Double,
        options: [RunOptions.Entry] = []
    ) {
        self.verdicts = verdicts.sorted { $0.path < $1.path }
        self.obsoleteGoldens = obsoleteGoldens
        self.strict = strict
        self.ci = ci
        self.wallTime = wallTime
        self.options = options
    }

    /// How many scenarios ended with `status`.
    func count(_ status: Verdict.Status) -> Int {
        verdicts.count { $0.status == status }
    }

    /// The scenarios that fail the run, in path order.
    var failures: [Verdict] { verdicts.filter(\.isFailure) }

    /// `3 scenarios: 1 passed, 1 failed, 1 recorded in 0.42s`, listing only the statuses that occurred
    /// (passed always).
    var summaryLine: String {
        let total = verdicts.count
        var parts = ["\(count(.passed)) passed"]
        for status in Verdict.Status.allCases where status != .passed && count(status) > 0 {
            parts.append("\(count(status)) \(Self.label(status))")
        }
        if !obsoleteGoldens.isEmpty {
            parts.append("\(obsoleteGoldens.count) obsolete golden\(obsoleteGoldens.count == 1 ? "" : "s")")
        }
        return
            "\(total) scenario\(total == 1 ? "" : "s"): \(parts.joined(separator: ", ")) in \(String(format: "%.2f", wallTime))s"
    }

    /// Human words for a status (`timed out`).
    static func label(_ status: Verdict.Status) -> String {
        status == .timedOut ? "timed out" : status.rawValue
    }

    /// The process exit status: 0 passed (recorded counts as passed locally), 1 some scenario failed, crashed,
    /// timed out or was flaky — or, under CI, a golden was recorded, or with `--strict` a golden is obsolete —
    /// and 65 when the only failures are invalid scenario files.
    var exitCode: Int32 {
        let failing = failures
        if !failing.isEmpty {
            return failing.allSatisfy { $0.invalid && $0.status == .failed } ? ExitCode.invalidInput : ExitCode.failure
        }
        if ci, count(.recorded) > 0 { return ExitCode.failure }
        if strict, !obsoleteGoldens.isEmpty { return ExitCode.failure }
        return ExitCode.success
    }
}

/// Exit statuses, as in sysexits.h where one applies.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let invalidInput: Int32 = 65
}

/// Writes a run's results somewhere: the console, a file, GitHub's log.
protocol Reporter {
    /// Called as each scenario finishes (any order); `done` of `total`.
    func progress(_ verdict: Verdict, done: Int, total: Int)
    /// Called once with the whole run.
    func finish(_ report: RunReport) throws
}

extension Reporter {
    func progress(_ verdict: Verdict, done: Int, total: Int) {}
}

/// Writes `text` to `path` atomically, creating folders as needed.
func writeReportFile(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
}
