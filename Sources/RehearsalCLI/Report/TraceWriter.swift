import Rehearsal
import ScenarioJSON

/// Writes a ``Report`` as a Chrome/Perfetto trace (the Trace Event Format's JSON object form,
/// `{"traceEvents": […]}`), with virtual time as the trace clock.
///
/// - Each scenario is a process (`process_name` is the scenario and its status), numbered in report order.
/// - Each port is a thread of it: one per input, mock method, output, state, route, callback and log category,
///   named like the report's lanes (`input query`, `mock SearchRepository.search`, `log feed`); each emission is a
///   complete event (`X`) of zero duration at its virtual instant.
/// - Mock calls are async slices (`b`/`e`, category `mock`, one id per call), so overlapping calls of one method
///   show side by side; the slice ends at the response or cancellation (at once for calls that got none).
/// - Each cause is a task thread (`task step 1`) with one slice from its first to its last event.
/// - Flow arrows (`bind_id` with `flow_out`/`flow_in`) go from a step's input to every call and emission it caused.
///
/// Timestamps are microseconds (the format's unit) of virtual time since the start of each scenario.
package struct TraceWriter: Sendable {
    /// The report written.
    package var report: Report

    /// Creates the trace of `report`.
    package init(_ report: Report) {
        self.report = report
    }

    /// The trace as one JSON value.
    /// - Complexity: O(n) in the number of events.
    package var json: JSONValue {
        var events: [JSONValue] = []
        var flows = 0
        for (index, scenario) in report.scenarios.enumerated() {
            Self.append(scenario, pid: index + 1, into: &events, flows: &flows)
        }
        var object = JSONObject()
        object["traceEvents"] = .array(events)
        object["displayTimeUnit"] = "ms"
        object["otherData"] = [
            "clock": "virtual time of each scenario, from its start", "summary": .string(report.summary),
        ]
        return .object(object)
    }

    /// The trace's text: one event per line.
    package var text: String {
        JSONWriter(style: .timeline(arrayKeys: ["traceEvents"])).string(json) + "\n"
    }

    static let taskThreadBase = 1000

    private static func append(_ scenario: ReportScenario, pid: Int, into output: inout [JSONValue], flows: inout Int) {
        output.append(
            metadata(
                "process_name", pid: pid, tid: 0, ["name": .string("\(scenario.name) (\(scenario.status.rawValue))")]))
        output.append(metadata("process_sort_index", pid: pid, tid: 0, ["sort_index": .integer(Int64(pid))]))
        let events = scenario.actual ?? []
        let lanes = TraceLanes(events)
        for (offset, lane) in lanes.names.enumerated() {
            let tid = lane.tid
            output.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string(lane.name)]))
            output.append(metadata("thread_sort_index", pid: pid, tid: tid, ["sort_index": .integer(Int64(offset))]))
        }
        // Tasks: one thread per cause, one slice from its first to its last event.
        var causes: [String] = []
        var spans: [String: (first: ScenarioDuration, last: ScenarioDuration)] = [:]
        for event in events {
            let cause = Self.cause(event)
            if let span = spans[cause] {
                spans[cause] = (span.first, max(span.last, event.at))
            } else {
                causes.append(cause)
                spans[cause] = (event.at, event.at)
            }
        }
        for (offset, cause) in causes.enumerated() {
            let tid = taskThreadBase + offset
            let span = spans[cause] ?? (.zero, .zero)
            let input =
                events.first { Self.cause($0) == cause && $0.kind.label == .input }.map {
                    ": send \($0.kind.name)"
                } ?? ""
            output.append(metadata("thread_name", pid: pid, tid: tid, ["name": .string("task \(cause)\(input)")]))
            output.append(
                metadata(
                    "thread_sort_index", pid: pid, tid: tid, ["sort_index": .integer(Int64(lanes.names.count + offset))]
                ))
            var slice = event("X", name: cause, category: "task", at: span.first, pid: pid, tid: tid)
            slice["dur"] = microseconds(span.last - span.first)
            output.append(.object(slice))
        }
        // A step's first input starts its flow; whatever else the step caused ends one.
        var flowOfStep: [Int: Int] = [:]
        var answers: [Int: TimelineEvent] = [:]
        for event in events { if let call = event.answering { answers[call] = event } }
        for reported in events {
            let tid = lanes.tid(of: reported)
            var args = reported.kind.fields
            args["seq"] = .integer(Int64(reported.seq))
            args["cause"] = .string(Self.cause(reported))
            let step = reported.cause?.stepIndex
            switch reported.kind {
            case .call:
                var begin = event("b", name: reported.port, category: "mock", at: reported.at, pid: pid, tid: tid)
                begin["id"] = .string("\(pid).\(reported.seq)")
                begin["args"] = .object(args)
                bindFlowIn(&begin, step: step, flows: flowOfStep)
                output.append(.object(begin))
                let answer = answers[reported.seq]
                var end = event(
                    "e", name: reported.port, category: "mock", at: answer?.at ?? reported.at, pid: pid, tid: tid)
                end["id"] = .string("\(pid).\(reported.seq)")
                end["args"] = .object(outcome(answer))
                output.append(.object(end))
            case .response where reported.answering != nil, .cancelled where reported.answering != nil:
                continue
            case .input, .response, .cancelled, .output, .state, .route, .callback, .log, .finished, .failed:
                var slice = event(
                    "X", name: reported.kind.name, category: reported.kind.label.rawValue, at: reported.at, pid: pid,
                    tid: tid)
                slice["dur"] = .integer(0)
                slice["args"] = .object(args)
                if reported.kind.label == .input, let step, flowOfStep[step] == nil {
                    flows += 1
                    flowOfStep[step] = flows
                    slice["bind_id"] = .integer(Int64(flows))
                    slice["flow_out"] = .bool(true)
                } else {
                    bindFlowIn(&slice, step: step, flows: flowOfStep)
                }
                output.append(.object(slice))
            }
        }
    }

    private static func bindFlowIn(_ event: inout JSONObject, step: Int?, flows: [Int: Int]) {
        guard let step, let flow = flows[step] else { return }
        event["bind_id"] = .integer(Int64(flow))
        event["flow_in"] = .bool(true)
    }

    private static func outcome(_ answer: TimelineEvent?) -> JSONObject {
        var args = JSONObject()
        guard let answer else {
            args["outcome"] = "no answer recorded"
            return args
        }
        switch answer.kind {
        case .response(_, let response):
            args["outcome"] = response.isError ? "throw" : "response"
            args["index"] = .integer(Int64(response.index))
        case .input, .call, .cancelled, .output, .state, .route, .callback, .log, .finished, .failed:
            args["outcome"] = "cancelled"
        }
        args["seq"] = .integer(Int64(answer.seq))
        return args
    }

    /// What caused an event, for people (`setup`, `step 2`; empty when unknown).
    private static func cause(_ event: TimelineEvent) -> String {
        event.cause?.description ?? ""
    }

    private static func event(
        _ phase: String, name: String, category: String, at: ScenarioDuration, pid: Int, tid: Int
    )
        -> JSONObject
    {
        var object = JSONObject()
        object["ph"] = .string(phase)
        object["name"] = .string(name)
        object["cat"] = .string(category)
        object["ts"] = microseconds(at)
        object["pid"] = .integer(Int64(pid))
        object["tid"] = .integer(Int64(tid))
        return object
    }

    private static func metadata(_ name: String, pid: Int, tid: Int, _ args: JSONValue) -> JSONValue {
        var object = JSONObject()
        object["ph"] = "M"
        object["name"] = .string(name)
        object["pid"] = .integer(Int64(pid))
        object["tid"] = .integer(Int64(tid))
        object["args"] = args
        return .object(object)
    }

    /// Virtual time as the format's microseconds: an integer when exact.
    static func microseconds(_ duration: ScenarioDuration) -> JSONValue {
        let nanoseconds = duration.nanoseconds
        return nanoseconds % 1000 == 0 ? .integer(nanoseconds / 1000) : .double(Double(nanoseconds) / 1000)
    }
}

/// The threads of a scenario's ports, in the report's lane order: inputs, mocks, outputs, states, routes,
/// callbacks; an output's `finished`/`failed` goes on the lane of that port.
struct TraceLanes {
    struct Lane {
        var name: String
        var tid: Int
    }

    private(set) var names: [Lane] = []
    private var tids: [String: Int] = [:]

    init(_ events: [TimelineEvent]) {
        var keys: [(group: Int, order: Int, key: String)] = []
        var seen = Set<String>()
        for event in events {
            guard let group = Self.group(event.kind.label) else { continue }
            let key = "\(Self.groupNames[group]) \(event.port)"
            if seen.insert(key).inserted { keys.append((group, keys.count, key)) }
        }
        for event in events where Self.group(event.kind.label) == nil {
            let key = "output \(event.port)"
            if Self.existing(event.port, in: seen) == nil, seen.insert(key).inserted {
                keys.append((2, keys.count, key))
            }
        }
        keys.sort { ($0.group, $0.order) < ($1.group, $1.order) }
        for (offset, entry) in keys.enumerated() {
            tids[entry.key] = offset + 1
            names.append(Lane(name: entry.key, tid: offset + 1))
        }
    }

    func tid(of event: TimelineEvent) -> Int {
        if let group = Self.group(event.kind.label) { return tids["\(Self.groupNames[group]) \(event.port)"] ?? 0 }
        return tids[Self.existing(event.port, in: Set(tids.keys)) ?? "output \(event.port)"] ?? 0
    }

    static let groupNames = ["input", "mock", "output", "state", "route", "callback", "log"]

    static func group(_ kind: TimelineEvent.Label) -> Int? {
        switch kind {
        case .input: 0
        case .call, .response, .cancelled: 1
        case .output: 2
        case .state: 3
        case .route: 4
        case .callback: 5
        case .log: 6
        case .finished, .failed: nil
        }
    }

    private static func existing(_ port: String, in keys: Set<String>) -> String? {
        ["output", "state", "route"].map { "\($0) \(port)" }.first { keys.contains($0) }
    }
}
