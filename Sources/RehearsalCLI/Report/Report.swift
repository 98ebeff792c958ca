import CombineCompat
import Rehearsal
import ScenarioJSON

/// What the HTML report and the trace show: a run's scenarios with their timelines.
///
/// It is derived from the run's outcomes by ``ReportAdapter`` and speaks their language: a scenario's status is the
/// outcome's ``ScenarioOutcome/Status``, its events are ``TimelineEvent``s, its times ``ScenarioDuration``s. What it
/// adds is what the page needs beside them: the scenario file's steps with their source, the golden aligned with the
/// run. Scenarios are sorted by path.
package struct Report: Equatable, Sendable {
    /// A run option as the report lists it (`record` → `never`).
    package struct Option: Equatable, Sendable {
        /// The option's name.
        package var name: String
        /// Its value as given.
        package var value: String

        /// Creates an option.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The run's summary line (`38 scenarios: 37 passed, 1 failed in 2.10s`).
    package var summary: String
    /// The options the run was made with; several runs' options when shards were merged.
    package var options: [Option]
    /// Every scenario, sorted by path.
    package var scenarios: [ReportScenario]
    /// What `rehearsal mutate` found, for the page's Mutation section; nil for any other run.
    package var mutation: MutationReport?
    /// Where the repository has the file of each of `mutation`'s call sites (``SourcePaths``), as the page shows it:
    /// `App/Search/BookSearchViewModel.swift:67:30`; a site missing here is shown as CombineCompat names it.
    package var mutationLocations: [CallSite: String] = [:]

    /// Creates a report, sorting `scenarios` by path.
    package init(summary: String, options: [Option], scenarios: [ReportScenario], mutation: MutationReport? = nil) {
        self.summary = summary
        self.options = options
        self.scenarios = scenarios.sorted { $0.path < $1.path }
        self.mutation = mutation
    }
}

/// One scenario of a report.
package struct ReportScenario: Equatable, Sendable {
    /// A problem with the place in the scenario file it is about.
    package struct Problem: Equatable, Sendable {
        /// The first line (`file:line:col: error: …`).
        package var headline: String
        /// The whole text: headline, quoted source line, hint.
        package var text: String

        /// Creates a problem.
        package init(headline: String, text: String) {
            self.headline = headline
            self.text = text
        }
    }

    /// A step of the scenario file.
    package struct Step: Equatable, Sendable {
        /// The step's index in the file (from 0).
        package var index: Int
        /// The virtual instant it happens at.
        package var at: ScenarioDuration
        /// The input it sends; `nil` for a pure wait.
        package var input: String?
        /// The value it sends, as canonical JSON text.
        package var value: String?
        /// Whether it sets a property (`"set"`) rather than sending an input.
        package var sets = false
        /// The line of the scenario file where the step is written.
        package var line: Int?
        /// The step's text as the file writes it, over as many lines as it takes (a few, then elided).
        package var source: String?

        /// Creates a step.
        package init(index: Int, at: ScenarioDuration, input: String?, value: String?, line: Int?, source: String?) {
            self.index = index
            self.at = at
            self.input = input
            self.value = value
            self.line = line
            self.source = source
        }
    }

    /// The scenario's name (`search/error`).
    package var name: String
    /// The scenario file (`Scenarios/search/error.json`).
    package var path: String
    package var status: ScenarioOutcome.Status
    /// Wall-clock seconds the run took.
    package var duration: Double
    /// How many times it ran (more than 1 with retries).
    package var attempts: Int
    /// The one-line reason shown in the index (empty when it passed).
    package var headline: String
    /// Run failures, end-check findings, crash and timeout reasons.
    package var problems: [Problem]
    /// Remarks that do not fail the scenario (a recorded golden, the findings of a non-strict scenario).
    package var notes: [String]
    /// The last timeline events of a scenario with findings (those before a crash or a timeout, or the end of a
    /// run that failed), as the golden writes them.
    package var lastEvents: [String]
    /// The scenario file's steps; empty when the file could not be read.
    package var steps: [Step]
    /// The run's timeline as far as it got (a crashed or timed-out worker's, up to its end); `nil` when the run
    /// produced none (an invalid file, a worker that died before the first event).
    package var actual: [TimelineEvent]?
    /// How the run differs from its golden, when it does.
    package var comparison: ReportComparison?
    /// The command that makes the kept timeline the golden, when one was kept.
    package var accept: String?

    /// Creates a scenario.
    package init(
        name: String, path: String, status: ScenarioOutcome.Status, duration: Double = 0, attempts: Int = 1,
        headline: String = "",
        problems: [Problem] = [], notes: [String] = [], lastEvents: [String] = [], steps: [Step] = [],
        actual: [TimelineEvent]? = nil, comparison: ReportComparison? = nil, accept: String? = nil
    ) {
        self.name = name
        self.path = path
        self.status = status
        self.duration = duration
        self.attempts = attempts
        self.headline = headline
        self.problems = problems
        self.notes = notes
        self.lastEvents = lastEvents
        self.steps = steps
        self.actual = actual
        self.comparison = comparison
        self.accept = accept
    }
}
