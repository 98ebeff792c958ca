import Foundation
import ScenarioJSON
import Testing

/// `rehearsal report` rebuilds the HTML report from JSON results, and merges the results of shards.
@Suite struct ReportCommandTests {
    @Test func rebuildsTheSameReportFromTheRunsJSONResults() throws {
        // Given a run that wrote its HTML report and its JSON results
        let fixture = try ReportFixture.shared.get()
        // When the report is rebuilt from the results alone
        let outcome = try fixture.project.cli.run(["report", "rebuilt", "report/results.json"])
        // Then it is the same page
        #expect(outcome.status == 0, "\(outcome)")
        let count = BundledProject.scenarioNames.count
        #expect(
            outcome.stdout == "wrote rebuilt/index.html (\(count) scenarios)\nwrote .rehearsal/durations.json (the "
                + "durations of \(count) scenarios, which --shard balances by)\n")
        #expect(try fixture.project.cli.read("rebuilt/index.html") == fixture.project.cli.read("report/index.html"))
    }

    @Test func mergesShardsIntoOneReport() throws {
        // Given two shards of a run, each with its JSON results
        let project = try BundledProject()
        for shard in ["1/2", "2/2"] {
            _ = try project.cli.run([
                "run", "--record", "never", "--shard", shard, "--reporter",
                "json:shard-\(shard.prefix(1)).json",
            ])
        }
        // When one report is made of both
        let outcome = try project.cli.run([
            "report", "merged", "shard-1.json", "shard-2.json", "--trace", "merged/trace.json",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        // Then it holds every scenario once, says which results it merged and lists both shards
        let data = try ReportFixture.embeddedData(try project.cli.read("merged/index.html"))
        guard case .array(let scenarios)? = data["scenarios"], case .array(let options)? = data["options"] else {
            Issue.record("no scenarios or options in \(data)")
            return
        }
        #expect(scenarios.compactMap { $0["name"]?.stringValue }.sorted() == BundledProject.scenarioNames)
        #expect(options.contains(["results", "shard-1.json, shard-2.json"]))
        #expect(options.contains(["shard", "1/2, 2/2"]))
        #expect(
            scenarios.filter { $0["status"] == "failed" }.compactMap { $0["name"]?.stringValue } == [
                BundledProject.failing
            ])
        // and the trace of both shards follows the format's rules
        let trace = try JSONParser().parse(try project.cli.read("merged/trace.json")).root
        #expect(TraceValidator.problems(trace) == [])
    }

    @Test func saysWhatIsMissing() throws {
        let project = try BundledProject()
        let outcome = try project.cli.run(["report", "report"])
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr == """
                error: no JSON results to build the report from
                  hint: run with --reporter json:results.json, then 'rehearsal report report results.json'
                usage: rehearsal report [options] <dir> <results.json…>

                """)
        let missing = try project.cli.run(["report", "report", "nothing.json"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr == "nothing.json: error: cannot read the JSON results\n"
                + "  hint: check the path; runs write them with --reporter json:PATH\n")
    }
}
