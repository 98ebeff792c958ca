import Foundation
import Rehearsal
import ScenarioJSON

/// The options of `run` and `record`, read from a parsed command line and the environment.
struct RunOptions {
    /// Where the results go.
    enum ReporterChoice: Equatable {
        case console
        case github
        case junit(String)
        case json(String)
        case markdown(String)
        /// The HTML report, written as `index.html` in a folder.
        case html(String)
        /// A Chrome/Perfetto trace of the run.
        case trace(String)
    }

    /// The `--record` values, from the one list of record modes.
    static let recordModes = RecordMode.allCases.map(\.rawValue)
    static let reporterNames = ["console", "github", "junit", "json", "markdown", "html", "trace"]

    var paths: [String]
    var root: String
    var record: RecordMode
    var filter: String?
    var jobs = 1
    var shard: ScenarioSelection.Shard?
    var timeout = ScenarioTimeout.defaultSeconds
    var retries = 0
    var reporters: [ReporterChoice] = [.console]
    /// `--quiet`: the console prints only where reports were written and the summary line.
    var quiet = false
    var strict = false
    /// The CI variable that was found, if any.
    var ci: String?
    /// The command's usage line, naming the executable as invoked (for usage errors found later).
    var usage = CommandSpec.run.usage

    /// Reads the options; `record` is fixed for the `record` command.
    static func parse(
        _ parsed: ParsedArguments, spec: CommandSpec, environment: [String: String], record fixed: RecordMode? = nil
    ) throws(UsageError) -> RunOptions {
        let usage = spec.usage
        let root = absoluteRoot(parsed.value("root"))
        let ci = parsed.flags.contains("ci") ? "--ci" : CIEnvironment.detect(in: environment)
        var options = RunOptions(
            paths: parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals, root: root,
            record: fixed ?? CIEnvironment.defaultRecordMode(ci: ci), ci: ci, usage: usage)
        if let text = parsed.value("record") {
            guard let mode = RecordMode(rawValue: text) else {
                throw invalid(text, "--record <mode>", choices: recordModes, usage: usage)
            }
            options.record = mode
        }
        options.filter = parsed.value("filter")
        if let jobs = parsed.value("jobs") {
            guard let count = Int(jobs), count >= 1 else {
                throw UsageError(
                    message: "invalid value '\(jobs)' for '--jobs <n>'", hint: "give a whole number of 1 or more",
                    usage: usage)
            }
            options.jobs = count
        }
        if let retries = parsed.value("retries") {
            guard let count = Int(retries), count >= 0 else {
                throw UsageError(
                    message: "invalid value '\(retries)' for '--retries <n>'", hint: "give a whole number of 0 or more",
                    usage: usage)
            }
            options.retries = count
        }
        if let shard = parsed.value("shard") { options.shard = try .parse(shard, usage: usage) }
        if let timeout = parsed.value("timeout") { options.timeout = try ScenarioTimeout.parse(timeout, usage: usage) }
        if let reporters = parsed.values["reporter"] {
            // The console always reports too (see ReporterSet): GitHub's log, a local run with an HTML report.
            options.reporters = try reporters.map { value throws(UsageError) in try reporter(value, usage: usage) }
        }
        options.quiet = parsed.flags.contains("quiet")
        options.strict = parsed.flags.contains("strict")
        return options
    }

    static func reporter(_ value: String, usage: String) throws(UsageError) -> ReporterChoice {
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let path = parts.count > 1 ? parts[1] : nil
        switch (name, path) {
        case ("console", nil): return .console
        case ("github", nil): return .github
        case ("junit", let path?) where !path.isEmpty: return .junit(path)
        case ("json", let path?) where !path.isEmpty: return .json(path)
        case ("markdown", let path?) where !path.isEmpty: return .markdown(path)
        case ("html", let path?) where !path.isEmpty: return .html(path)
        case ("trace", let path?) where !path.isEmpty: return .trace(path)
        case ("html", _):
            throw UsageError(
                message: "reporter 'html' needs a folder", hint: "write it as html:DIR, such as html:report",
                usage: usage)
        case ("junit", _), ("json", _), ("markdown", _), ("trace", _):
            throw UsageError(
                message: "reporter '\(name)' needs a file", hint: "write it as \(name):PATH, such as \(name):results",
                usage: usage)
        case ("console", _), ("github", _):
            throw UsageError(
                message: "reporter '\(name)' takes no file", hint: "write '--reporter \(name)'", usage: usage)
        default:
            throw invalid(name, "--reporter <name>", choices: reporterNames, usage: usage)
        }
    }

    private static func invalid(_ value: String, _ option: String, choices: [String], usage: String) -> UsageError {
        let hint =
            Suggestion.closest(to: value, in: choices).map { "did you mean '\($0)'?" }
            ?? "use one of: \(choices.joined(separator: ", "))"
        return UsageError(message: "invalid value '\(value)' for '\(option)'", hint: hint, usage: usage)
    }

    /// One option as reports list it (`record` → `never`).
    struct Entry: Codable, Equatable, Sendable {
        var name: String
        var value: String
    }

    /// The options as the HTML report lists them, in a fixed order.
    var entries: [Entry] {
        var entries = [
            Entry(name: "paths", value: paths.joined(separator: " ")), Entry(name: "record", value: record.rawValue),
            Entry(name: "jobs", value: String(jobs)), Entry(name: "timeout", value: ScenarioTimeout.describe(timeout)),
        ]
        if let filter { entries.append(Entry(name: "filter", value: filter)) }
        if let shard { entries.append(Entry(name: "shard", value: "\(shard.index)/\(shard.count)")) }
        if retries > 0 { entries.append(Entry(name: "retries", value: String(retries))) }
        if strict { entries.append(Entry(name: "strict", value: "yes")) }
        entries.append(Entry(name: "ci", value: ci ?? "no"))
        return entries
    }

    /// The files `reporters` write (a folder's `index.html` for `html`), as given.
    static func reportFiles(_ reporters: [ReporterChoice]) -> [(reporter: String, path: String)] {
        reporters.compactMap { choice in
            switch choice {
            case .console, .github: nil
            case .junit(let path): ("junit", path)
            case .json(let path): ("json", path)
            case .markdown(let path): ("markdown", path)
            case .html(let directory): ("html", HTMLReporter.indexPath(in: directory))
            case .trace(let path): ("trace", path)
            }
        }
    }

    /// `--root` (or the current directory) as an absolute, standardized path.
    static func absoluteRoot(_ root: String?) -> String {
        let current = FileManager.default.currentDirectoryPath
        guard let root else { return current }
        let url =
            root.hasPrefix("/")
            ? URL(fileURLWithPath: root) : URL(fileURLWithPath: current).appendingPathComponent(root)
        return url.standardizedFileURL.path
    }
}
