import Foundation
import HeadlessChromium
import Rehearsal
import RehearsalCLI
import ScenarioJSON

/// The `report` suite: the HTML report and the trace of 1,000 scenarios, made from the bundled goldens (their
/// real timelines, cycled; every 20th scenario fails with one value changed against its golden).
///
/// - `report.bytes_1000`: the size of the report page (target: under 10 MB).
/// - `report.first_render_ms`: from navigation start to the index on screen in headless Chromium, best of three
///   loads (the page's own `rehearsalReport.firstRenderMs`; target: under 1,000 ms).
/// - `trace.bytes_1000`: the size of the trace (target: under 50 MB).
enum ReportBench {
    static let count = 1_000

    static func run() throws {
        let model = try syntheticReport()
        let page = HTMLReport(model).page
        let bytes = page.utf8.count
        report("report.bytes_1000", Double(bytes), "bytes")
        report("trace.bytes_1000", Double(TraceWriter(model).text.utf8.count), "bytes")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearsal-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("index.html")
        try Data(page.utf8).write(to: file)
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        var best = Double.infinity
        for _ in 0..<3 {
            let tab = try browser.open(file.absoluteString, timeout: 60)
            let result = try tab.evaluate(
                """
                (window.rehearsalReport.firstRenderMs !== null ? Promise.resolve() : new Promise((resolve) =>
                  window.addEventListener('rehearsal:rendered', resolve, { once: true })))
                  .then(() => [window.rehearsalReport.firstRenderMs,
                    document.querySelectorAll('#index tr.scenario').length])
                """, timeout: 60)
            guard case .array(let values) = result, values.count == 2, case .integer(let rows) = values[1],
                rows == Int64(count)
            else { throw BrowserError("the index did not list \(count) scenarios: \(result)") }
            switch values[0] {
            case .double(let ms): best = min(best, ms)
            case .integer(let ms): best = min(best, Double(ms))
            default: throw BrowserError("no first render time: \(result)")
            }
        }
        report("report.first_render_ms", best, "ms")
    }

    /// 1,000 scenarios cycled from the bundled goldens.
    static func syntheticReport() throws -> Report {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scenarios")
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".timeline.json") }.sorted()
        guard !files.isEmpty else { throw BrowserError("no goldens under \(root.path): run from the package root") }
        let timelines = try files.map { file in
            try Timeline(goldenBytes: Array(Data(contentsOf: root.appendingPathComponent(file))), path: file)
        }
        var scenarios: [ReportScenario] = []
        for index in 0..<count {
            let source = index % files.count
            let name =
                String(format: "bench/%04d-", index)
                + files[source].replacingOccurrences(of: ".timeline.json", with: "")
                .replacingOccurrences(of: "/", with: "-")
            let run = timelines[source]
            var scenario = ReportScenario(
                name: name, path: "Scenarios/\(name).json", status: .passed, duration: 0.002, actual: run.events)
            if index % 20 == 0, let changed = run.events.lastIndex(where: { $0.kind.value != nil }) {
                // A golden whose last value differs from the run's: the comparison the golden check would make.
                var golden = run
                var value = JSONObject()
                value["value"] = "golden"
                golden.events[changed].kind = golden.events[changed].kind.replacingValues(value)
                if let mismatch = TimelineMismatch.compare(
                    expected: golden, actual: run, comparison: .exact, goldenPath: "Scenarios/\(name).timeline.json",
                    scenario: nil)
                {
                    scenario.status = .failed
                    scenario.headline = "first divergence at event \(changed)"
                    scenario.comparison = ReportComparison(mismatch, actual: run.events)
                }
            }
            scenarios.append(scenario)
        }
        return Report(summary: "\(count) scenarios (benchmark)", options: [], scenarios: scenarios)
    }
}
