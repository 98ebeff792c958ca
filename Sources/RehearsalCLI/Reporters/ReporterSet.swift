import Rehearsal

/// The reporters of one run, finished in an order that keeps the console's summary line the last word: every file
/// first, then the console's report (which says where each file was written), then GitHub's annotations.
///
/// The console is always among them: naming file reporters adds files to the console's report, and `--quiet`
/// shortens that report to where the files are and the summary line.
struct ReporterSet {
    private var files: [(file: (reporter: String, path: String), reporter: any Reporter)] = []
    private var console: ConsoleReporter
    private var github: GitHubReporter?

    /// `validates`: the console reports as `validate` does (what is wrong with each file on stderr, a count of valid
    /// files on stdout).
    init(
        _ choices: [ReporterChoice], quiet: Bool, console: Console, environment: [String: String],
        root: String, validates: Bool = false
    ) {
        self.console = ConsoleReporter(
            write: console.output, isTerminal: console.isTerminal, environment: environment, quiet: quiet,
            problems: validates ? { console.error($0) } : nil)
        for choice in choices {
            switch choice {
            case .console: continue
            case .github: github = GitHubReporter(write: { console.output($0) })
            case .junit(let path): files.append((("junit", path), JUnitReporter(path: path)))
            case .json(let path): files.append((("json", path), JSONReporter(path: path)))
            case .markdown(let path):
                files.append(
                    (
                        ("markdown", path),
                        MarkdownReporter(path: path, append: environment["GITHUB_STEP_SUMMARY"] == path)
                    ))
            case .html(let directory):
                files.append(
                    (("html", HTMLReporter.indexPath(in: directory)), HTMLReporter(directory: directory, root: root)))
            case .trace(let path): files.append((("trace", path), TraceReporter(path: path, root: root)))
            }
        }
    }

    /// Tells every reporter that a scenario finished.
    func progress(_ outcome: ScenarioOutcome, done: Int, total: Int) {
        console.progress(outcome, done: done, total: total)
        for file in files { file.reporter.progress(outcome, done: done, total: total) }
        github?.progress(outcome, done: done, total: total)
    }

    /// Hands the run to every reporter; returns `status`, or 1 when it was 0 and a report could not be written
    /// (each such error is printed on stderr).
    func finish(_ report: RunReport, status: Int32, errors: Console) -> Int32 {
        var status = status
        var report = report
        for file in files {
            do {
                try file.reporter.finish(report)
                report.writtenReports.append("wrote \(file.file.path) (\(file.file.reporter) report)")
            } catch {
                errors.error(error.description)
                if status == ExitCode.success { status = ExitCode.failure }
            }
        }
        let last: [any Reporter] = [console] + (github.map { [$0] } ?? [])
        for reporter in last {
            do {
                try reporter.finish(report)
            } catch {
                errors.error(error.description)
                if status == ExitCode.success { status = ExitCode.failure }
            }
        }
        return status
    }
}
