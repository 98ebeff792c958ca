import ScenarioJSON

/// Checks a trace against the rules of the Trace Event Format that Perfetto's JSON importer enforces, so that a
/// trace that passes loads without import warnings. Each rule names its source:
/// - the format's JSON object form, `{"traceEvents": [...]}`, with `displayTimeUnit` `ms` or `ns` (Trace Event
///   Format document; Perfetto docs, "Visualizing external trace formats": Chrome JSON format);
/// - every event has a one-letter `ph`, integer `pid`/`tid`, a `name`, and (metadata aside) a finite `ts` ≥ 0 in
///   microseconds (same sources);
/// - `X` events carry `dur` ≥ 0 (Perfetto's importer drops an `X` without `dur`);
/// - duration events on one thread nest or are disjoint, never partially overlap (Perfetto docs: "duration events
///   ... must nest"; overlapping ones are moved to an overflow track and counted as `misplaced_end_event`);
/// - async `b`/`e` events carry `cat` and `id`; each `b` has exactly one `e` with the same `cat`, `id` and `name`,
///   no earlier than it (the importer ends an async slice by its track, keyed by category and id);
/// - v2 flows (`bind_id`) sit only on `X`, `B`, `b` or `n` events (the only ones the importer binds flows to), say
///   `flow_out` or `flow_in` (else `flow_without_direction`), each `bind_id` starts once (else `flow_duplicate_id`)
///   and no flow ends before it starts (else `flow_end_without_start`);
/// - metadata events name a process or thread (`args.name`) or a sort index (`args.sort_index`).
struct TraceValidator {
    static let phases: Set<String> = ["B", "E", "X", "i", "I", "b", "e", "n", "s", "t", "f", "M", "C"]

    /// Every rule the trace breaks, in words; empty when it follows them all.
    static func problems(_ trace: JSONValue) -> [String] {
        guard case .array(let events)? = trace["traceEvents"] else { return ["no traceEvents array"] }
        var problems: [String] = []
        if let unit = trace["displayTimeUnit"], unit != "ms", unit != "ns" {
            problems.append("displayTimeUnit \(unit)")
        }
        var slices: [String: [(start: Double, end: Double, index: Int)]] = [:]
        var openAsync: [String: (ts: Double, index: Int)] = [:]
        var flowStarts: [Int64: Double] = [:]
        var flowEnds: [(id: Int64, ts: Double, index: Int)] = []
        for (index, event) in events.enumerated() {
            let where_ = "event \(index)"
            guard case .object(let object) = event else {
                problems.append("\(where_) is not an object")
                continue
            }
            guard let phase = object["ph"]?.stringValue, phases.contains(phase) else {
                problems.append("\(where_): unknown ph \(String(describing: object["ph"]))")
                continue
            }
            guard case .integer(let pid)? = object["pid"], case .integer(let tid)? = object["tid"] else {
                problems.append("\(where_): pid and tid must be integers")
                continue
            }
            guard let name = object["name"]?.stringValue else {
                problems.append("\(where_): no name")
                continue
            }
            let thread = "\(pid)/\(tid)"
            if phase == "M" {
                let args = object["args"]
                if args?["name"]?.stringValue == nil,
                    args?["sort_index"].map({ if case .integer = $0 { true } else { false } }) != true
                {
                    problems.append("\(where_): metadata without args.name or args.sort_index")
                }
                continue
            }
            guard let ts = number(object["ts"]), ts.isFinite, ts >= 0 else {
                problems.append("\(where_): ts must be a finite number ≥ 0")
                continue
            }
            if phase == "X" {
                guard let dur = number(object["dur"]), dur >= 0 else {
                    problems.append("\(where_): X without dur ≥ 0")
                    continue
                }
                slices[thread, default: []].append((ts, ts + dur, index))
            }
            if phase == "b" || phase == "e" {
                guard let category = object["cat"]?.stringValue, let id = object["id"] else {
                    problems.append("\(where_): async event without cat and id")
                    continue
                }
                let key = "\(category)|\(id)|\(JSONWriter.quoted(name))"
                if phase == "b" {
                    if openAsync[key] != nil { problems.append("\(where_): async slice \(key) begins twice") }
                    openAsync[key] = (ts, index)
                } else if let begin = openAsync.removeValue(forKey: key) {
                    if ts < begin.ts { problems.append("\(where_): async slice \(key) ends before it begins") }
                } else {
                    problems.append("\(where_): async end \(key) without a begin")
                }
            }
            if case .integer(let flow)? = object["bind_id"] {
                if !["X", "B", "b", "n"].contains(phase) { problems.append("\(where_): bind_id on a \(phase) event") }
                let out = object["flow_out"] == .bool(true)
                let into = object["flow_in"] == .bool(true)
                if !out && !into { problems.append("\(where_): flow without direction") }
                if out {
                    if flowStarts[flow] != nil { problems.append("\(where_): flow \(flow) starts twice") }
                    flowStarts[flow] = ts
                }
                if into { flowEnds.append((flow, ts, index)) }
            }
        }
        for (key, begin) in openAsync { problems.append("event \(begin.index): async slice \(key) never ends") }
        for end in flowEnds {
            guard let start = flowStarts[end.id] else {
                problems.append("event \(end.index): flow \(end.id) ends without a start")
                continue
            }
            if end.ts < start { problems.append("event \(end.index): flow \(end.id) ends before it starts") }
        }
        for (thread, list) in slices {
            let sorted = list.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
            var stack: [(start: Double, end: Double, index: Int)] = []
            for slice in sorted {
                while let top = stack.last, top.end <= slice.start {
                    stack.removeLast()
                }
                if let top = stack.last, slice.end > top.end {
                    problems.append(
                        "event \(slice.index): overlaps event \(top.index) on thread \(thread) without nesting")
                }
                stack.append(slice)
            }
        }
        return problems
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let integer)?: Double(integer)
        case .double(let double)?: double
        default: nil
        }
    }
}
