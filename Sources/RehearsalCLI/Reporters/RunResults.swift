import Rehearsal
import ScenarioJSON

/// The JSON results of a run (`--reporter json:PATH`): a summary, every scenario's outcome (with its timeline),
/// flaky scenarios, obsolete goldens, the options and notes about the run. It decodes back into the same typed
/// model, which is how `rehearsal report` rebuilds a report from the files of one or more runs.
package struct RunResults: Codable, Equatable {
    /// Counts and status of the whole run.
    struct Summary: Codable, Equatable {
        var total: Int
        var counts: [String: Int]
        var exitCode: Int32
        var wallTime: Double
        /// The signal that interrupted the run, if one did.
        var interruption: Int32?
    }

    /// The results format this build writes; files without one are version 1 (written before it was named).
    static let currentVersion = 1

    /// The results format (``currentVersion`` when written by this build).
    var version: Int?
    var summary: Summary
    package var scenarios: [ScenarioOutcome]
    var flaky: [String]
    var obsoleteGoldens: [String]
    /// The run's options (`rehearsal report` lists them).
    var options: [RunSettings.Entry]?
    /// Remarks about the run as a whole.
    var notes: [Diagnostic]?
    /// The shard these results are of, for a sharded run.
    package var shard: ShardRecord?

    /// The results of `report`; wall times are kept to the microsecond (more digits say nothing).
    init(_ report: RunReport) {
        version = Self.currentVersion
        var counts: [String: Int] = [:]
        for status in ScenarioOutcome.Status.allCases { counts[status.rawValue] = report.count(status) }
        summary = Summary(
            total: report.outcomes.count, counts: counts, exitCode: report.exitCode,
            wallTime: Self.microseconds(report.wallTime), interruption: report.interruption)
        scenarios = report.outcomes.map {
            var outcome = $0
            outcome.duration = Self.microseconds(outcome.duration)
            return outcome
        }
        flaky = report.outcomes.filter { $0.status == .flaky }.map(\.name)
        obsoleteGoldens = report.obsoleteGoldens
        options = report.options
        notes = report.notes
        shard = report.shard
    }

    /// The JSON text, pretty-printed, ending with a newline.
    package func text() throws -> String {
        // ScenarioJSON's encoder keeps the members of timeline events in order (and sorts dictionaries).
        JSONWriter(style: .pretty).string(try JSONValueEncoder().encode(self)) + "\n"
    }

    /// Reads results a run wrote.
    /// - Throws: `JSONError` located in the file (not JSON, or a member that does not fit).
    package static func read(_ bytes: [UInt8], path: String) throws(JSONError) -> RunResults {
        let parsed = try JSONParser().parse(bytes: bytes, path: path)
        // Another version's members may not fit this build's: say so before any of them is read.
        if case .object(let root) = parsed.root, let version = root["version"],
            version != .integer(Int64(Self.currentVersion))
        {
            throw parsed.error(
                at: JSONPointer.root.appending("version"),
                "unsupported results version \(JSONWriter(style: .compact).string(version)): this Rehearsal reads "
                    + "results version \(Self.currentVersion)",
                hint: "write the results again with this Rehearsal's --reporter json:PATH")
        }
        do {
            return try JSONValueDecoder().decode(RunResults.self, from: parsed)
        } catch let error as JSONError {
            throw error
        } catch {
            throw JSONError(
                message: "expected the JSON results of a run, found \(error)",
                hint: "give files written by --reporter json:PATH", path: path)
        }
    }

    /// The report these results describe.
    var report: RunReport {
        RunReport(
            outcomes: scenarios, obsoleteGoldens: obsoleteGoldens, strict: false, ci: .local,
            wallTime: summary.wallTime, options: options ?? [], notes: notes ?? [],
            interruption: summary.interruption)
    }

    /// `seconds` rounded to the microsecond.
    static func microseconds(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e6
    }
}
