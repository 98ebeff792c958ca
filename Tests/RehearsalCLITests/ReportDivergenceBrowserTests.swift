import Foundation
import HeadlessChromium
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

extension BrowserSuites {
    /// How the HTML report describes a first divergence where one side has no event, opened in headless Chromium:
    /// an event the run lacks is missing from it, an event only the run has is extra in it, and "ended here" is said
    /// only of a side with no event from there on.
    @Suite struct ReportDivergenceBrowserTests {
        /// Goldens edited so that each scenario's first divergence has an event on one side only.
        static let plants: [(scenario: String, find: String, replace: String)] = [
            // The golden has a cancellation the run does not make; the run goes on to 750ms
            (
                "search/debounce-typing",
                #"  {"at": "0.550s", "call": "SearchRepository.search", "args": {"query": "swift"}},"#,
                #"  {"at": "0.550s", "call": "SearchRepository.search", "args": {"query": "swift"}},"# + "\n"
                    + #"  {"at": "0.550s", "cancelled": "SearchRepository.search"},"#
            ),
            // The golden lacks an output the run has; the golden goes on
            ("search/error", #"  {"at": "0.500s", "output": "isLoading", "value": false},"# + "\n", ""),
            // The golden has an event after the run's last one
            (
                "search/duplicates-dropped", #"  {"at": "1.000s", "input": "query", "value": " swift "}"#,
                #"  {"at": "1.000s", "input": "query", "value": " swift "},"# + "\n"
                    + #"  {"at": "1.300s", "output": "isLoading", "value": true}"#
            ),
            // The run has an event after the golden's last one
            (
                "search/empty-query-clears",
                #"  {"at": "1.300s", "output": "isLoading", "value": false},"# + "\n"
                    + #"  {"at": "1.300s", "output": "results", "value": []}"#,
                #"  {"at": "1.300s", "output": "isLoading", "value": false}"#
            ),
        ]

        @Test func aSideWithoutAnEventSaysWhetherTheEventIsMissingExtraOrPastItsEnd() throws {
            // Given a project whose goldens differ from the runs by one event each, reported as HTML
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rehearsal-divergence-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            for folder in ["Scenarios", "Mocks"] {
                try FileManager.default.copyItem(
                    at: BundledProject.packageRoot.appendingPathComponent(folder),
                    to: directory.appendingPathComponent(folder))
            }
            let cli = CLIProcess(directory: directory)
            for plant in Self.plants {
                let golden = "Scenarios/\(plant.scenario).timeline.json"
                let text = try cli.read(golden)
                try #require(text.contains(plant.find), "\(golden) changed: the test's edit no longer applies")
                try cli.write(golden, text.replacingOccurrences(of: plant.find, with: plant.replace))
            }
            let run = try cli.run(
                ["run", "--record", "never", "--reporter", "html:report"] + Self.plants.map { "Scenarios/\($0.0).json" }
            )
            #expect(run.status == 1, "\(run)")
            let browser = try HeadlessBrowser(width: 1280, height: 900)
            let group = browser.processGroup
            defer {
                browser.close()
                #expect(ReportBrowserTests.processes(inGroup: group) == [])
            }
            let url = directory.appendingPathComponent("report/index.html").absoluteString
            let page = try browser.open(url)
            _ = try page.evaluate(
                "window.rehearsalReport.firstRenderMs !== null ? true : new Promise((resolve) => "
                    + "window.addEventListener('rehearsal:rendered', () => resolve(true), { once: true }))")

            // When each scenario is opened, its divergence section shows the golden's side and the run's side
            var shown: [String: [String]] = [:]
            for plant in Self.plants {
                _ = try page.evaluate(ReportBrowserTests.nextRender)
                _ = try page.evaluate("location.hash = 's=' + encodeURIComponent('\(plant.scenario)'); true")
                _ = try page.evaluate("window.nextRender")
                let texts = try page.evaluate(
                    """
                    [document.querySelector('#divergence h2').textContent,
                     document.querySelector('#divergence tr.removed td.line').textContent,
                     document.querySelector('#divergence tr.added td.line').textContent,
                     document.querySelector('#last-events h2').textContent,
                     String(Array.from(document.querySelectorAll('#lanes-svg text.axis-label')).some((label) => {
                       const a = label.getBoundingClientRect();
                       const b = document.querySelector('#lanes-svg text.divergence-label').getBoundingClientRect();
                       return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }))]
                    """)
                guard case .array(let items) = texts else { throw BrowserError("expected texts, found \(texts)") }
                shown[plant.scenario] = items.compactMap(\.stringValue)
            }
            // Then an event only the golden has is missing from the run, unless the run has no event from there on
            #expect(
                shown["search/debounce-typing"] == [
                    "First divergence at 0.550s (event 8), caused by step 2",
                    #"{"at": "0.550s", "cancelled": "SearchRepository.search"}"#, "(missing in this run)",
                    "Last events of the run", "false",
                ])
            #expect(
                shown["search/duplicates-dropped"] == [
                    "First divergence at 1.300s (event 10), caused by step 1",
                    #"{"at": "1.300s", "output": "isLoading", "value": true}"#, "(no event: the run ended here)",
                    "Last events of the run", "false",
                ])
            // and an event only the run has is extra in it, unless the golden has no event from there on
            #expect(
                shown["search/error"] == [
                    "First divergence at 0.500s (event 7), caused by step 0", "(extra in this run)",
                    #"{"at": "0.500s", "output": "isLoading", "value": false}"#, "Last events of the run", "false",
                ])
            #expect(
                shown["search/empty-query-clears"] == [
                    "First divergence at 1.300s (event 11), caused by step 1", "(no event: the golden ends here)",
                    #"{"at": "1.300s", "output": "results", "value": []}"#, "Last events of the run", "false",
                ])
            #expect(page.exceptions == [])
            #expect(page.consoleProblems == [])

            // And the last events are said to come before the end only of a run that crashed or timed out
            let event = #"{"at": "0.300s", "output": "isLoading", "value": true}"#
            let report = Report(
                summary: "3 scenarios", options: [],
                scenarios: [ScenarioOutcome.Status.crashed, .timedOut, .failed].map {
                    ReportScenario(
                        name: $0.rawValue, path: "Scenarios/\($0.rawValue).json", status: $0, lastEvents: [event])
                })
            let file = directory.appendingPathComponent("statuses.html")
            try Data(HTMLReport(report).page.utf8).write(to: file)
            let statuses = try browser.open(file.absoluteString)
            var titles: [String] = []
            for status in ["crashed", "timedOut", "failed"] {
                _ = try statuses.evaluate(ReportBrowserTests.nextRender)
                _ = try statuses.evaluate("location.hash = 's=\(status)'; true")
                _ = try statuses.evaluate("window.nextRender")
                titles += [
                    try statuses.evaluate("document.querySelector('#last-events h2').textContent").stringValue ?? ""
                ]
            }
            #expect(
                titles == [
                    "Last events before it crashed", "Last events before it timed out", "Last events of the run",
                ])
            #expect(statuses.exceptions == [])

            // And an event whose time changed is drawn twice, each marble at its own instant, with the shift between
            let moved = try Self.movedEventReport()
            let movedFile = directory.appendingPathComponent("moved.html")
            try Data(HTMLReport(moved).page.utf8).write(to: movedFile)
            let shift = try browser.open(movedFile.absoluteString + "#s=moved")
            _ = try shift.evaluate(
                "window.rehearsalReport.firstRenderMs !== null ? true : new Promise((resolve) => "
                    + "window.addEventListener('rehearsal:rendered', () => resolve(true), { once: true }))")
            let drawn = try shift.evaluate(
                """
                (() => {
                  const marble = (side) => document.querySelector('circle.marble.output[data-side="' + side + '"]');
                  const golden = marble('golden'), run = marble('actual');
                  const line = document.querySelector('#lanes-svg line.shift');
                  const label = (x) => Array.from(document.querySelectorAll('#lanes-svg text.axis-label'))
                    .find((text) => Math.abs(+text.getAttribute('x') - 3 - x) < 0.5);
                  return [golden.dataset.at, run.dataset.at, String(+golden.getAttribute('cx') < +run.getAttribute('cx')),
                    label(+golden.getAttribute('cx')).textContent, label(+run.getAttribute('cx')).textContent,
                    String(+line.getAttribute('x1') === +golden.getAttribute('cx')),
                    String(+line.getAttribute('x2') === +run.getAttribute('cx')),
                    document.querySelector('#event-table tr.changed td.line').textContent];
                })()
                """)
            #expect(
                drawn.arrayValue?.compactMap(\.stringValue) == [
                    "100000000", "250000000", "true", "0.100s", "0.250s", "true", "true",
                    """
                    - {"at": "0.100s", "output": "results", "value": [1]}
                    + {"at": "0.250s", "output": "results", "value": [1]}at: - "0.100s" + "0.250s"
                    """,
                ])
            #expect(shift.exceptions == [])
        }

        /// A run whose `results` output came at 0.250s where its golden has it at 0.100s (a debounce changed).
        static func movedEventReport() throws -> Report {
            let input = TimelineEvent(
                at: .zero, seq: 0, kind: .input(name: "query", value: "swift"), cause: .step(0))
            let output = { (milliseconds: Int64, seq: Int) in
                TimelineEvent(
                    at: .milliseconds(milliseconds), seq: seq, kind: .output(name: "results", value: [1]),
                    cause: .step(0))
            }
            let golden = Timeline(scenario: "moved", events: [input, output(100, 1)])
            let run = Timeline(scenario: "moved", events: [input, output(250, 1)])
            let mismatch = try #require(
                TimelineMismatch.compare(
                    expected: golden, actual: run, comparison: .exact, goldenPath: "Scenarios/moved.timeline.json",
                    scenario: nil))
            return Report(
                summary: "1 scenario", options: [],
                scenarios: [
                    ReportScenario(
                        name: "moved", path: "Scenarios/moved.json", status: .failed, actual: run.events,
                        comparison: ReportComparison(mismatch, actual: run.events))
                ])
        }
    }
}
