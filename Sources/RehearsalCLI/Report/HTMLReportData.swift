import Rehearsal
import ScenarioJSON

/// The report as the page's script reads it: one compact JSON value.
///
/// Events are arrays to keep a report of 1,000 scenarios small:
/// `[at (ns), seq, kind, port, label, detail, step (-1: none), answering (-1: none), at (text)]`, where `detail` is
/// the event's members after its name as the golden writes them (`{"value": [1, 2]}`) and the text of `at` is the
/// golden's. Comparison rows are `[change, golden index (-1), actual index (-1), [changed values…]]`. Every time the
/// page shows comes as the text the golden writes, so the page never formats a duration of its own.
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
        if let mutation = report.mutation {
            object["mutation"] = Self.mutation(mutation, locations: report.mutationLocations)
        }
        return .object(object)
    }

    static func scenario(_ scenario: ReportScenario) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(scenario.name)
        object["path"] = .string(scenario.path)
        object["status"] = .string(scenario.status.rawValue)
        object["durationText"] = .string(WallTime.text(scenario.duration))
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
        object["at"] = .integer(step.at.nanoseconds)
        object["atText"] = .string(step.at.description)
        object["input"] = step.input.map { .string($0) } ?? .null
        if step.sets { object["sets"] = .bool(true) }
        object["value"] = step.value.map { .string($0) } ?? .null
        object["line"] = step.line.map { .integer(Int64($0)) } ?? .null
        object["source"] = step.source.map { .string($0) } ?? .null
        return .object(object)
    }

    static let detailWriter = JSONWriter(style: .spaced)

    static func event(_ event: TimelineEvent) -> JSONValue {
        let detail = event.kind.fields
        return [
            .integer(event.at.nanoseconds), .integer(Int64(event.seq)), .string(event.kind.label.rawValue),
            .string(event.port), .string(event.kind.name),
            .string(detail.isEmpty ? "" : detailWriter.string(.object(detail))),
            .integer(Int64(event.cause?.stepIndex ?? -1)), .integer(Int64(event.answering ?? -1)),
            .string(event.at.description),
        ]
    }

    /// `[kind, path, from, expected, actual]`, each side as JSON text or `null`; an added element is `inserted`.
    static func value(_ change: ValueChange) -> JSONValue {
        let text = { (value: JSONValue?) in value.map { JSONValue.string(detailWriter.string($0)) } ?? .null }
        let kind = change.kind == .added && change.path.isElement ? "inserted" : change.kind.rawValue
        return [
            .string(kind), .string(change.path.description), change.from.map { .string($0.description) } ?? .null,
            text(change.expected), text(change.actual),
        ]
    }

    static func comparison(_ comparison: ReportComparison) -> JSONValue {
        let mismatch = comparison.mismatch
        let divergence = mismatch.firstDivergence
        var object = JSONObject()
        object["golden"] = .array(comparison.golden.map(event))
        object["rows"] = .array(
            mismatch.rows.map {
                [
                    .string($0.change.rawValue), .integer(Int64($0.expected ?? -1)), .integer(Int64($0.actual ?? -1)),
                    .array($0.values.map(value)),
                ]
            })
        object["divergence"] = .integer(Int64(comparison.divergence))
        object["at"] = .integer(divergence.at.nanoseconds)
        object["atText"] = .string(divergence.at.description)
        object["step"] = divergence.step.map { .integer(Int64($0.index)) } ?? .null
        object["goldenPath"] = .string(mismatch.goldenPath)
        object["mode"] = .string(mismatch.comparison.rawValue)
        return .object(object)
    }
}
