import Foundation
import Rehearsal
import ScenarioJSON

/// What every run-like command (`run`, `record`, `validate`, `explore`) is told: which scenarios, how to run them,
/// where to report. Each command reads the options it offers into it; the rest keep their defaults.
struct RunSettings {
    /// Scenario files or folders, relative to the root.
    var paths: [PathName]
    /// The package root, absolute.
    var root: String
    var filter: String?
    var shard: ScenarioSelection.Shard?
    /// `--durations`: the durations file `--shard` balances by, relative to the root.
    var durations: String?
    var jobs = 1
    var timeout = ScenarioTimeout.defaultSeconds
    var retries = 0
    /// The reporters beside the console (which always reports).
    var reporters: [ReporterChoice] = [.console]
    /// `--quiet`: the console prints only where reports were written and the summary line.
    var quiet = false
    /// `--strict`: obsolete goldens fail the run.
    var strict = false
    /// Whether this is CI: detected from the environment, or `--ci`.
    var ci: ContinuousIntegration = .local

    /// The settings of `parsed` for the options a command declares (`positional` paths, `--root`, `--filter`,
    /// `--jobs`, `--shard`, `--durations`, `--timeout`, `--retries`, `--reporter`, `--quiet`, `--strict`, `--ci`, when it has
    /// them), with the CI detected in `environment`.
    init(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let options = StandardOptions.self
        paths = parsed.pathsOrScenariosFolder
        root = StandardOptions.absoluteRoot(try parsed.value(options.root))
        filter = try parsed.value(options.filter)
        shard = try parsed.value(options.shard)
        durations = try parsed.value(options.durations)
        jobs = try parsed.value(options.jobs) ?? jobs
        timeout = try parsed.value(options.timeout) ?? timeout
        retries = try parsed.value(options.retries) ?? retries
        // The console always reports too (see ReporterSet): GitHub's log, a local run with an HTML report.
        if parsed.isGiven(options.reporter) { reporters = try parsed.values(options.reporter) }
        quiet = parsed.isSet(options.quiet)
        strict = parsed.isSet(options.strict)
        ci = parsed.isSet(options.ci) ? .detected(by: "--ci") : ContinuousIntegration(environment: environment)
    }

    /// The scenarios these settings select (paths, filter), refused when a reporter would write over one of them.
    func choose(usage: String, program: String) throws(ScenarioSelection.Refusal) -> ScenarioSelection.Chosen {
        try ScenarioSelection(root: root).choose(
            paths, filter: filter, reporters: reporters, usage: usage, program: program)
    }

    /// ``choose(usage:program:)`` for a command that ends at a refusal: the refusal's text is on the console's error
    /// stream by the time it is thrown, and its status is the command's.
    func choose(usage: String, context: CommandContext) throws(ScenarioSelection.Refusal) -> ScenarioSelection.Chosen {
        do {
            return try choose(usage: usage, program: context.program)
        } catch {
            context.console.error(error.text)
            throw error
        }
    }

    /// The worker pool that plays `count` scenarios: `jobs` workers at most, none idle from the start.
    func pool(playing count: Int, interruption: RunInterruption, advice: RecordAdvice) -> WorkerPool {
        let pool = WorkerPool(
            executable: RunPipeline.executable(), root: root, workers: min(jobs, max(count, 1)), timeout: timeout,
            interruption: interruption)
        pool.advice = advice
        return pool
    }

    /// One option as reports list it (`record` → `never`).
    struct Entry: Codable, Equatable, Sendable {
        var name: String
        var value: String
    }

    /// The options as reports list them, in a fixed order, for a run in `mode`.
    func entries(for mode: WorkMode) -> [Entry] {
        var entries = [Entry(name: "paths", value: paths.map(\.description).joined(separator: " "))]
        switch mode {
        case .check(let record):
            entries += [
                Entry(name: "record", value: record.rawValue), Entry(name: "jobs", value: String(jobs)),
                Entry(name: "timeout", value: ScenarioTimeout.describe(timeout)),
            ]
            if let filter { entries.append(Entry(name: "filter", value: filter)) }
            if let shard { entries.append(Entry(name: "shard", value: "\(shard.index)/\(shard.count)")) }
            if let durations { entries.append(Entry(name: "durations", value: durations)) }
            if retries > 0 { entries.append(Entry(name: "retries", value: String(retries))) }
            if strict { entries.append(Entry(name: "strict", value: "yes")) }
            entries.append(Entry(name: "ci", value: ci.detectedBy ?? "no"))
        case .validate, .play, .mutate:
            entries += [
                Entry(name: "jobs", value: String(jobs)),
                Entry(name: "timeout", value: ScenarioTimeout.describe(timeout)),
            ]
            if let filter { entries.append(Entry(name: "filter", value: filter)) }
        case .explore(let explore):
            entries += [
                Entry(name: "strategy", value: explore.strategy.description),
                Entry(name: "schedules", value: String(explore.limit)), Entry(name: "jobs", value: String(jobs)),
                Entry(name: "timeout", value: ScenarioTimeout.describe(timeout)),
            ]
            if let replay = explore.replay { entries.append(Entry(name: "replay", value: replay.description)) }
            if let filter { entries.append(Entry(name: "filter", value: filter)) }
        }
        return entries
    }
}
