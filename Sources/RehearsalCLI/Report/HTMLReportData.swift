import ScenarioJSON

/// The report as the page's script reads it: one compact JSON value.
///
/// Events are arrays to keep a report of 1,000 scenarios small:
/// `[at (ns), seq, kind, port, label, detail, step (-1: none), answering (-1: none)]`, where `detail` is the
/// event's members after its name as the golden writes them (`{"value": [1, 2]}`). Comparison rows are
/// `[change, golden index (-1), actual index (-1), [changed values…]]`.
struct HTMLReportData {
    var report: Report

    init(_ report: Report) {
        self.report = report
    }

    var json: JSONValue {
        var object = JSONObject()
        object["summary"] = .string(report.summary)
        object["options"] = .array(report.options.map { [.string($0.name), .string($0.value)] })
        object["scenarios"] = .array(report.scenarios.map(Self.scenario))
        return .object(object)
    }

    static func scenario(_ scenario: ReportScenario) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(scenario.name)
        object["path"] = .string(scenario.path)
        object["status"] = .string(scenario.status.rawValue)
        object["duration"] = .double(RunResults.microseconds(scenario.duration))
        object["attempts"] = .integer(Int64(scenario.attempts))
        object["headline"] = .string(scenario.headline)
        object["problems"] = .array(
            scenario.problems.map { ["headline": .string($0.headline), "text": .string($0.text)] })
        object["notes"] = .array(scenario.notes.map { .string($0) })
        object["last"] = .array(scenario.lastEvents.map { .string($0) })
        object["steps"] = .array(scenario.steps.map(step))
        if let actual = scenario.actual { object["events"] = .array(actual.map(event)) }
        if let comparison = scenario.comparison { object["comparison"] = self.comparison(comparison) }
        if let accept = scenario.accept { object["accept"] = .string(accept) }
        return .object(object)
    }

    static func step(_ step: ReportScenario.Step) -> JSONValue {
        var object = JSONObject()
        object["index"] = .integer(Int64(step.index))
        object["at"] = .integer(Int64(clamping: step.at))
        object["input"] = step.input.map { .string($0) } ?? .null
        object["value"] = step.value.map { .string($0) } ?? .null
        object["line"] = step.line.map { .integer(Int64($0)) } ?? .null
        object["source"] = step.source.map { .string($0) } ?? .null
        return .object(object)
    }

    static let detailWriter = JSONWriter(style: .spaced)

    static func event(_ event: ReportEvent) -> JSONValue {
        [
            .integer(Int64(clamping: event.at)), .integer(Int64(event.seq)), .string(event.kind.rawValue),
            .string(event.port), .string(event.label),
            .string(event.members.isEmpty ? "" : detailWriter.string(.object(event.members))),
            .integer(Int64(event.step ?? -1)), .integer(Int64(event.answering ?? -1)),
        ]
    }

    /// `[kind, path, from, expected, actual]`, each side as JSON text or `null`.
    static func value(_ value: ReportComparison.Value) -> JSONValue {
        let text = { (string: String?) in string.map { JSONValue.string($0) } ?? .null }
        return [.string(value.kind), .string(value.path), text(value.from), text(value.expected), text(value.actual)]
    }

    static func comparison(_ comparison: ReportComparison) -> JSONValue {
        var object = JSONObject()
        object["golden"] = .array(comparison.golden.map(event))
        object["rows"] = .array(
            comparison.rows.map {
                [
                    .string($0.change.rawValue), .integer(Int64($0.golden ?? -1)), .integer(Int64($0.actual ?? -1)),
                    .array($0.values.map(value)),
                ]
            })
        object["divergence"] = .integer(Int64(comparison.divergence))
        object["at"] = .integer(Int64(clamping: comparison.at))
        object["step"] = comparison.step.map { .integer(Int64($0)) } ?? .null
        object["goldenPath"] = .string(comparison.goldenPath)
        object["mode"] = .string(comparison.mode)
        return .object(object)
    }
}
