import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// The path of `rehearsal mutate`: select the scenarios (as `run` does, with the same guard on report paths), play
/// each as written on the worker pool (``WorkMode/mutate(_:)`` with no mutant: the baseline, which lists the
/// operator calls it reached), plan the mutants (``MutationPlan``), play each scenario once per mutant it reached on
/// the same pool, and report the ``MutationReport`` on the console, as JSON and as the run's HTML report (the
/// baseline plays' page, with the report as its Mutation section).
///
/// Every play is one worker request, so a mutant that makes the ViewModel crash or hang kills only that play (and
/// counts as killed); the results are ordered by ViewModel and call site whatever `--jobs` is.
struct MutationRun {
    var settings: RunSettings
    var maxMutants: Int?
    /// The percentage under which the run exits 1.
    var minScore: Int
    var context: CommandContext
    var usage: String

    func execute() -> Int32 {
        let start = Date()
        let console = context.console
        let chosen: ScenarioSelection.Chosen
        do { chosen = try settings.choose(usage: usage, context: context) } catch { return error.status }
        let interruption = RunInterruption()
        defer { interruption.remove() }
        let advice = RecordAdvice(tool: .commandLine(context.program), ci: settings.ci)
        let pool = settings.pool(playing: chosen.selected.count, interruption: interruption, advice: advice)
        let report: MutationReport
        let baselineOutcomes: [ScenarioOutcome]
        do {
            let baselines = try pool.run(jobs(chosen.selected.map { ($0, nil) })) { _ in }
            if let signal = baselines.interruption { return interrupted(by: signal) }
            baselineOutcomes = baselines.outcomes + chosen.refused
            let plan = MutationPlan(baselines: baselineOutcomes, maxMutants: maxMutants)
            let plays = try pool.run(jobs(plan.plays.map { ($0.path, $0.mutant) })) { _ in }
            if let signal = plays.interruption { return interrupted(by: signal) }
            report = MutationReport(plan: plan, plays: plays.outcomes)
        } catch {
            console.error(WorkerPool.cannotStart(error))
            return ExitCode.failure
        }
        let sources = SourcePaths(root: settings.root)
        let text = MutationText(
            report: report, seconds: Date().timeIntervalSince(start), jobs: settings.jobs, sources: sources)
        var status = report.score * 100 < Double(minScore) ? ExitCode.failure : ExitCode.success
        var written: [String] = []
        for choice in settings.reporters {
            do {
                switch choice {
                case .json(let path):
                    try writeReportFile(try text.json(), to: path, reporter: "json")
                    written.append("wrote \(path) (json report)")
                case .html(let directory):
                    let path = HTMLReporter.indexPath(in: directory)
                    var page = htmlReport(baselineOutcomes, report, summary: text.summary(minScore: minScore))
                    for site in report.viewModels.flatMap({ $0.mutants.map(\.mutant.point.site) }) {
                        page.mutationLocations[site] = sources.location(of: site)
                    }
                    try writeReportFile(HTMLReport(page).page, to: path, reporter: "html")
                    written.append("wrote \(path) (html report)")
                default: continue
                }
            } catch let error as ReportWriteError {
                console.error(error.description)
                status = ExitCode.failure
            } catch {
                console.error("error: the mutation report does not encode: \(error)")
                status = ExitCode.failure
            }
        }
        let lines = (settings.quiet ? [] : text.lines) + written + [text.summary(minScore: minScore)]
        console.output(lines.joined(separator: "\n") + "\n")
        return status
    }

    /// The run's report page of the baseline plays (each scenario as written, against its golden), with the
    /// mutation report as its Mutation section.
    private func htmlReport(_ baselines: [ScenarioOutcome], _ report: MutationReport, summary: String) -> Report {
        var options = settings.entries(for: .mutate(nil)).map(Report.Option.init)
        if let maxMutants { options.append(Report.Option(name: "max-mutants", value: String(maxMutants))) }
        options.append(Report.Option(name: "min-score", value: "\(minScore)%"))
        var page = ReportAdapter(root: settings.root).report(baselines, summary: summary, options: options)
        page.mutation = report
        return page
    }

    private func jobs(_ plays: [(path: PathName, mutant: Mutant?)]) -> [WorkerPool.Job] {
        plays.map {
            WorkerPool.Job(path: $0.path, name: ScenarioLoader.name(of: $0.path), mode: .mutate($0.mutant))
        }
    }

    private func interrupted(by signal: Int32) -> Int32 {
        context.console.error(
            Diagnostic(
                .error, message: "interrupted by \(SignalName.short(signal)) before every mutant was played",
                hint: "run again to play them"
            ).description)
        return 128 + signal
    }
}
