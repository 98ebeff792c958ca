import Foundation
import ScenarioJSON
import Testing

/// The `--reporter trace:PATH` output follows the Trace Event Format rules Perfetto's importer enforces (see
/// ``TraceValidator`` for each rule and its source), and shows what the report shows.
@Suite struct TraceFormatTests {
    @Test func traceOfTheBundledScenariosLoadsCleanly() throws {
        // Given the trace of every bundled scenario (one planted failure)
        let fixture = try ReportFixture.shared.get()
        let trace = try fixture.json("report/trace.json")
        // Then it breaks none of the format's rules
        #expect(TraceValidator.problems(trace) == [])
        guard case .array(let events)? = trace["traceEvents"] else {
            Issue.record("no traceEvents")
            return
        }
        // and has a process per scenario, named with its status
        let processes = events.filter { $0["name"] == "process_name" }.compactMap { $0["args"]?["name"]?.stringValue }
        #expect(processes.count == BundledProject.scenarioNames.count)
        #expect(processes.contains("\(BundledProject.failing) (failed)"))
        // and in the failing scenario a thread per port and per task, in lane order
        let pid = try #require(
            events.first { $0["args"]?["name"]?.stringValue == "\(BundledProject.failing) (failed)" }?["pid"])
        let threads = events.filter { $0["pid"] == pid && $0["name"] == "thread_name" }
            .compactMap { $0["args"]?["name"]?.stringValue }
        #expect(
            threads == [
                "input query", "mock LogManager.log", "mock SearchRepository.search", "output results",
                "output isLoading", "task setup", "task step 0: send query", "task step 1: send query",
            ])
        // and its two overlapping searches as async slices with ids of their own, the first one cancelled
        let searches = events.filter { $0["pid"] == pid && $0["name"] == "SearchRepository.search" }
        #expect(searches.map { $0["ph"]?.stringValue ?? "" } == ["b", "e", "b", "e"])
        #expect(Set(searches.compactMap { $0["id"] }).count == 2)
        #expect(searches[1]["args"]?["outcome"] == "cancelled")
        #expect(searches[1]["ts"] == 800_000)
        #expect(searches[3]["args"]?["outcome"] == "response")
        // and flow arrows from each step's input to what it caused
        let starts = events.filter { $0["pid"] == pid && $0["flow_out"] == .bool(true) }
        #expect(starts.map { $0["name"]?.stringValue ?? "" } == ["query", "query"])
        let ends = events.filter { $0["pid"] == pid && $0["flow_in"] == .bool(true) }
        #expect(ends.count >= 4)
    }

    /// Each rule of the validator fails on a trace that breaks it, with the rule in words.
    @Test(arguments: [
        (
            #"{"traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 10},"#
                + #"{"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 5, "dur": 10}]}"#,
            "event 1: overlaps event 0 on thread 1/1 without nesting"
        ),
        (
            #"{"traceEvents": [{"ph": "e", "cat": "mock", "id": "1", "name": "a", "pid": 1, "tid": 1, "ts": 0}]}"#,
            #"event 0: async end mock|"1"|"a" without a begin"#
        ),
        (
            #"{"traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 0, "bind_id": 7, "#
                + #""flow_in": true}]}"#,
            "event 0: flow 7 ends without a start"
        ),
        (
            #"{"traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 0, "dur": 0, "bind_id": 7, "#
                + #""flow_out": true}, {"ph": "X", "name": "b", "pid": 1, "tid": 2, "ts": 0, "dur": 0, "bind_id": 7, "#
                + #""flow_out": true}]}"#,
            "event 1: flow 7 starts twice"
        ),
        (
            #"{"traceEvents": [{"ph": "i", "name": "a", "pid": 1, "tid": 1, "ts": 0, "bind_id": 7, "flow_out": true}]}"#,
            "event 0: bind_id on a i event"
        ),
        (
            #"{"traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": -1, "dur": 0}]}"#,
            "event 0: ts must be a finite number ≥ 0"
        ),
        (
            #"{"traceEvents": [{"ph": "b", "cat": "m", "id": 1, "name": "a", "pid": 1, "tid": 1, "ts": 3}]}"#,
            #"event 0: async slice m|1|"a" never ends"#
        ),
    ])
    func validatorCatchesBrokenRule(trace: String, problem: String) throws {
        #expect(TraceValidator.problems(try JSONParser().parse(trace).root) == [problem])
    }
}
