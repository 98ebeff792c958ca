import Foundation
import Rehearsal
import ScenarioJSON

/// The options several commands share, each declared once with its type and how its text is read.
enum StandardOptions {
    static let record = CommandOption<RecordMode>(
        "record", value: "mode",
        help: "never | missing | failed | all. Default: missing, or never when CI is detected.",
        read: .choice(RecordMode.allCases.map { ($0.rawValue, $0) }))
    static let filter = CommandOption<String>(
        "filter", value: "pattern", help: "Run scenarios whose name contains it, or matches it as a glob.",
        read: .text)
    static let jobs = CommandOption<Int>(
        "jobs", value: "n", help: "Worker processes running scenarios in parallel. Default: 1.",
        read: .wholeNumber(atLeast: 1))
    static let shard = CommandOption<ScenarioSelection.Shard>(
        "shard", value: "i/n", help: "Run only the i-th of n slices (1-based), balanced by the durations.",
        read: .init { text, _, usage throws(UsageError) in try ScenarioSelection.Shard.parse(text, usage: usage) })
    static let durations = CommandOption<String>(
        "durations", value: "file",
        help: "Durations --shard balances by. Default: .rehearsal/durations.json.",
        read: .text)
    static let timeout = CommandOption<TimeInterval>(
        "timeout", value: "duration", help: "Wall-clock limit per scenario (e.g. 10s, 500ms). Default: 60s.",
        read: .init { text, _, usage throws(UsageError) in try ScenarioTimeout.parse(text, usage: usage) })
    static let retries = CommandOption<Int>(
        "retries", value: "n", help: "Rerun failing scenarios up to n times; a later pass is 'flaky'.",
        read: .wholeNumber(atLeast: 0))
    static let reporter = CommandOption<ReporterChoice>(
        "reporter", value: "name",
        help: "Also report to github, junit:PATH, json:PATH, markdown:PATH, html:DIR or trace:PATH (the console "
            + "always reports, and says where each file was written).",
        repeatable: true, read: .init { text, _, usage throws(UsageError) in try ReporterChoice(text, usage: usage) })
    static let quiet = CommandFlag("quiet", help: "Print only where reports were written and the summary line.")
    static let strict = CommandFlag("strict", help: "Fail the run when obsolete goldens are found.")
    static let ci = CommandFlag(
        "ci", help: "Behave as on CI (record nothing by default; a recorded golden fails). Default: detected.")
    static let root = CommandOption<String>(
        "root", value: "dir", help: "The package root scenario paths are relative to. Default: .", read: .text)
    static let dryRun = CommandFlag("dry-run", help: "Print what would be removed; remove nothing.")

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

/// Where a run's results go (`--reporter`).
enum ReporterChoice: Equatable, Sendable {
    case console
    case github
    case junit(String)
    case json(String)
    case markdown(String)
    /// The HTML report, written as `index.html` in a folder.
    case html(String)
    /// A Chrome/Perfetto trace of the run.
    case trace(String)

    static let names = ["console", "github", "junit", "json", "markdown", "html", "trace"]

    /// Reads `name` or `name:PATH`.
    init(_ value: String, usage: String) throws(UsageError) {
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let path = parts.count > 1 ? parts[1] : nil
        switch (name, path) {
        case ("console", nil): self = .console
        case ("github", nil): self = .github
        case ("junit", let path?) where !path.isEmpty: self = .junit(path)
        case ("json", let path?) where !path.isEmpty: self = .json(path)
        case ("markdown", let path?) where !path.isEmpty: self = .markdown(path)
        case ("html", let path?) where !path.isEmpty: self = .html(path)
        case ("trace", let path?) where !path.isEmpty: self = .trace(path)
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
            let hint =
                Suggestion.closest(to: name, in: Self.names).map { "did you mean '\($0)'?" }
                ?? "use one of: \(Self.names.joined(separator: ", "))"
            throw UsageError(message: "invalid value '\(name)' for '--reporter <name>'", hint: hint, usage: usage)
        }
    }

    /// The file it writes (a folder's `index.html` for `html`), as given, with the reporter's name; `nil` for the
    /// console and GitHub.
    var file: (reporter: String, path: String)? {
        switch self {
        case .console, .github: nil
        case .junit(let path): ("junit", path)
        case .json(let path): ("json", path)
        case .markdown(let path): ("markdown", path)
        case .html(let directory): ("html", HTMLReporter.indexPath(in: directory))
        case .trace(let path): ("trace", path)
        }
    }
}
