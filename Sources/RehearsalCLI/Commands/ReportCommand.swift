import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal report <dir> <results.json…>`: the HTML report (and optionally the trace) of one or more runs, from
/// the files their `--reporter json:PATH` wrote, the scenario files and the goldens and kept timelines under the root.
/// Several results (one per CI shard) become one report.
package struct ReportCommand: Command {
    static let trace = CommandOption<String>(
        "trace", value: "path", help: "Also write the runs as a Chrome/Perfetto trace.", read: .text)
    static let durations = CommandOption<String>(
        "durations", value: "file",
        help: "Where to write the scenarios' merged durations, which --shard balances by. "
            + "Default: .rehearsal/durations.json under --root.",
        read: .text)

    static let spec = CommandSpec(
        name: "report", abstract: "Write the HTML report of runs from their JSON results (merges shards).",
        arguments: "<dir> <results.json…>",
        argumentsHelp: "The folder to write index.html to, then the files of --reporter json:PATH runs.",
        options: [
            trace.declaration, durations.declaration,
            StandardOptions.root.with(help: "Where the scenario files and goldens are. Default: .").declaration,
        ],
        examples: [
            ("report report results.json", "rebuild the report of one run"),
            ("report report shard-1.json shard-2.json", "one report of two CI shards"),
        ])

    var root: String
    var directory: String?
    var files: [String]
    var tracePath: String?
    var durationsPath: String?

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        directory = parsed.positionals.first
        files = Array(parsed.positionals.dropFirst())
        tracePath = try parsed.value(Self.trace)
        durationsPath = try parsed.value(Self.durations)
    }

    func run(_ context: CommandContext) -> Int32 {
        let console = context.console
        let usage = Self.spec.invoked(as: context.program).usage
        guard let directory else {
            console.error(
                UsageError(
                    message: "missing the folder to write the report to",
                    hint: "give a folder, then the JSON results of runs: \(context.program) report report results.json",
                    usage: usage
                ).rendered)
            return ExitCode.usage
        }
        guard !files.isEmpty else {
            console.error(
                UsageError(
                    message: "no JSON results to build the report from",
                    hint:
                        "run with --reporter json:results.json, then '\(context.program) report \(directory) results.json'",
                    usage: usage
                ).rendered)
            return ExitCode.usage
        }
        var documents: [RunResults] = []
        for file in files {
            let url = URL(
                fileURLWithPath: file, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            // FileBytes refuses a pipe or a device instead of waiting on it (and reads an empty file without the
            // 4 KiB that Foundation's `contents(atPath:)` leaks for one on this toolchain).
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(url.path)
            } catch .missing {
                console.error(
                    "\(file): error: cannot read the JSON results\n  hint: check the path; runs write them with "
                        + "--reporter json:PATH")
                return ExitCode.failure
            } catch {
                let (found, hint) = FileBytes.describe(error)
                console.error("\(file): error: expected a file of JSON results, found \(found)\n  hint: \(hint)")
                return ExitCode.failure
            }
            do {
                documents.append(try RunResults.read(bytes, path: file))
            } catch {
                console.error(error.description)
                return ExitCode.failure
            }
        }
        let merged = Self.merge(documents, files: files)
        var destinations = [
            RunInputs.Destination(
                option: "the report", path: HTMLReporter.indexPath(in: directory),
                example: "'\(context.program) report .rehearsal/report \(files.joined(separator: " "))'")
        ]
        if let tracePath {
            destinations.append(.init(option: "--trace", path: tracePath, example: "--trace .rehearsal/trace.json"))
        }
        if let durationsPath {
            destinations.append(
                .init(option: "--durations", path: durationsPath, example: "--durations .rehearsal/durations.json"))
        }
        let inputs = RunInputs(root: root, scenarios: merged.outcomes.map(\.path), paths: [], results: files)
        if let refusal = inputs.refusal(for: destinations, usage: usage) {
            console.error(refusal.rendered)
            return ExitCode.usage
        }
        let model = Self.report(of: merged, root: root, program: context.program)
        do throws(ReportWriteError) {
            let index = HTMLReporter.indexPath(in: directory)
            try writeReportFile(HTMLReport(model).page, to: index, reporter: "html")
            var written = ["wrote \(index) (\(model.scenarios.count) scenarios)"]
            if let tracePath {
                try writeReportFile(TraceWriter(model).text, to: tracePath, reporter: "trace")
                written.append("wrote \(tracePath)")
            }
            let listed: Int
            do throws(FileError) {
                listed = try ScenarioDurations.record(
                    ScenarioDurations(merged.outcomes), root: root, path: durationsPath)
            } catch {
                throw ReportWriteError(reporter: "durations", file: error)
            }
            written.append(
                "wrote \(durationsPath ?? ScenarioDurations.defaultPath) (the durations of \(listed) scenarios, "
                    + "which --shard balances by)")
            console.output(written.joined(separator: "\n") + "\n")
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        let problems = ShardCoverage(documents, files: files).problems
        guard problems.isEmpty else {
            console.error(problems.map(\.description).joined(separator: "\n"))
            return ExitCode.failure
        }
        return ExitCode.success
    }

    /// The report of the results read from `files` (in that order), with the scenario files and goldens under `root`:
    /// what `report` writes as the HTML page and the trace.
    package static func report(of documents: [RunResults], files: [String], root: String, program: String) -> Report {
        report(of: merge(documents, files: files), root: root, program: program)
    }

    /// The report of `merged` results (see ``merge(_:files:)``).
    static func report(of merged: RunReport, root: String, program: String) -> Report {
        ReportAdapter(root: root, advice: RecordAdvice(tool: .commandLine(program))).report(
            merged.outcomes, summary: merged.summaryLine, options: merged.options.map(Report.Option.init))
    }

    /// One run of several results: every scenario (a later file's outcome replaces an earlier one's for the same
    /// path), the wall times added up, and the options of each file (values that differ are listed together).
    static func merge(_ documents: [RunResults], files: [String]) -> RunReport {
        var outcomes: [PathName: ScenarioOutcome] = [:]
        for document in documents {
            for outcome in document.scenarios { outcomes[outcome.path] = outcome }
        }
        var names: [String] = []
        var values: [String: [String]] = [:]
        for entry in documents.flatMap({ $0.options ?? [] }) {
            if values[entry.name] == nil { names.append(entry.name) }
            if values[entry.name, default: []].contains(entry.value) { continue }
            values[entry.name, default: []].append(entry.value)
        }
        var options = names.map { RunSettings.Entry(name: $0, value: values[$0, default: []].joined(separator: ", ")) }
        if documents.count > 1 { options.insert(.init(name: "results", value: files.joined(separator: ", ")), at: 0) }
        return RunReport(
            outcomes: Array(outcomes.values),
            obsoleteGoldens: Array(Set(documents.flatMap(\.obsoleteGoldens))).sorted(),
            strict: false, ci: .local, wallTime: documents.map(\.summary.wallTime).reduce(0, +), options: options,
            notes: documents.flatMap { $0.notes ?? [] })
    }
}
