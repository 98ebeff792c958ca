import ScenarioJSON
import VirtualTime

/// Checks a scenario's properties against the timeline of one run.
///
/// ```swift
/// let findings = PropertyCheck(scenario: scenario).findings(timeline.events)
/// // Scenarios/search/x.json:9:5: error: property 0 does not hold: the final value of 'results' equals the
/// //   answer to the last call of SearchRepository.search: it is [...] (at 850ms, event 14), the answer is [...]
/// ```
/// The golden rule is left to `rehearsal explore`, which holds the golden; everything else is decided here.
/// - Complexity: O(e) per property for e events (a `$answer` adds O(e) once).
struct PropertyCheck {
    let scenario: Scenario
    /// How hints name the command line.
    var advice = RecordAdvice()
    /// Whether another schedule could have run the scenario otherwise (its run met a choice point): only then does a
    /// hint send the reader to `explore`.
    var otherSchedulesPossible = true

    /// One property that does not hold, as values.
    struct Violation: Equatable {
        /// The property.
        let index: Int
        /// What was found instead, for people.
        let detail: String
        /// The cause of the event the violation is about, when it is about one.
        let cause: WorkCause?
        /// What was found, as a value: the final value, the offending event's members, the count (a shrinker
        /// keeps a failure only while it shows the same evidence).
        var evidence: JSONValue = .null
    }

    /// The findings (kind `.property`) of every property that does not hold.
    func findings(_ events: [TimelineEvent]) -> [Finding] {
        violations(events).map(finding)
    }

    /// The properties that do not hold, in file order (the golden rule is skipped).
    func violations(_ events: [TimelineEvent]) -> [Violation] {
        scenario.properties.compactMap { violation(of: $0, in: events) }
    }

    /// A violation as a finding located at the property, about the step that caused the event in question.
    func finding(_ violation: Violation) -> Finding {
        let property = scenario.properties[violation.index]
        var finding = Finding(
            .property,
            scenario.document.diagnostic(
                at: property.pointer,
                "property \(property.index) does not hold: \(property.summary): \(violation.detail)",
                hint: otherSchedulesPossible
                    ? "find the order of events that breaks it with '\(advice.command("explore"))', then fix the "
                        + "ViewModel"
                    : "fix the ViewModel or the property: nothing in this scenario can happen in another order, so it "
                        + "fails the same way in every schedule"),
            step: scenario.stepReference(for: violation.cause))
        finding.property = property.index
        return finding
    }

    private func violation(of property: ScenarioProperty, in events: [TimelineEvent]) -> Violation? {
        let index = property.index
        switch property.rule {
        case .final(let pattern, let expectation):
            guard let last = events.last(where: { matches(pattern, $0, events) }) else {
                return Violation(index: index, detail: "no \(pattern.noun) was recorded", cause: nil)
            }
            let value = Self.value(of: last)
            if let failure = unmet(expectation, by: value, events: events) {
                return Violation(
                    index: index,
                    detail: "it is \(Self.shortened(value)) (at \(last.at), event \(last.seq))\(failure)",
                    cause: last.cause, evidence: value)
            }
            return nil
        case .never(let pattern, let after):
            var start = 0
            if let after {
                guard let first = events.firstIndex(where: { matches(after, $0, events) }) else { return nil }
                start = first + 1
            }
            guard let found = events[start...].first(where: { matches(pattern, $0, events) }) else { return nil }
            return Violation(
                index: index, detail: "\(Self.describe(found)) (event \(found.seq))", cause: found.cause,
                evidence: .object(found.kind.members))
        case .each(let pattern, let after):
            let first = events.firstIndex(where: { matches(after, $0, events) }) ?? events.endIndex
            guard let early = events[..<first].first(where: { matches(pattern, $0, events) }) else { return nil }
            let when = first == events.endIndex ? "and no \(after.noun) was recorded at all" : "before it"
            return Violation(
                index: index, detail: "\(Self.describe(early)) (event \(early.seq)) came \(when)", cause: early.cause,
                evidence: .object(early.kind.members))
        case .count(let pattern, let expectation):
            let count = events.count { matches(pattern, $0, events) }
            guard !expectation.holds(for: count) else { return nil }
            return Violation(
                index: index, detail: "it happened \(count) time\(count == 1 ? "" : "s")", cause: nil,
                evidence: .integer(Int64(count)))
        case .goldenUpToSameInstantOrder:
            return nil
        }
    }

    /// Whether `event` matches `pattern` (kind, name, and value when the pattern gives one).
    func matches(_ pattern: EventPattern, _ event: TimelineEvent, _ events: [TimelineEvent]) -> Bool {
        guard pattern.kind.accepts(event.kind.label) else { return false }
        if let name = pattern.name, event.kind.name != name { return false }
        guard let expectation = pattern.value else { return true }
        return unmet(expectation, by: Self.value(of: event), events: events) == nil
    }

    /// What a pattern's `value` and a `final` property compare: the value an event carries, or a failure's error.
    static func value(of event: TimelineEvent) -> JSONValue {
        if case .failed(_, let error) = event.kind { return error }
        return event.kind.value ?? .null
    }

    /// Nil when `value` meets `expectation`; otherwise why not (", expected …").
    private func unmet(_ expectation: ValueExpectation, by value: JSONValue, events: [TimelineEvent]) -> String? {
        switch expectation {
        case .count(let count):
            let actual: Int? = value.arrayValue?.count ?? value.objectValue?.count
            return actual == count ? nil : ", expected \(count) element\(count == 1 ? "" : "s")"
        case .equals(let reference):
            switch resolve(reference, events) {
            case .success(let expected):
                guard !ValueMatch.equals(value, expected: expected) else { return nil }
                return ", expected \(Self.shortened(expected))" + Self.differences(expected, value)
            case .failure(let why):
                return ", but \(why.reason)"
            }
        }
    }

    /// Why a reference has no value.
    struct Unresolved: Error {
        let reason: String
    }

    /// The value a reference stands for in this run.
    func resolve(_ reference: ValueReference, _ events: [TimelineEvent]) -> Result<JSONValue, Unresolved> {
        switch reference {
        case .literal(let value):
            return .success(value)
        case .answer(let key, let call):
            let calls = events.filter { Self.isCall($0, of: key) }
            let position = call < 0 ? calls.count + call : call
            guard calls.indices.contains(position) else {
                return .failure(
                    Unresolved(reason: "\(key) was called \(calls.count) time\(calls.count == 1 ? "" : "s")"))
            }
            guard let answer = answer(to: calls[position], key: key, events) else {
                return .failure(Unresolved(reason: "the call to \(key) at \(calls[position].at) was never answered"))
            }
            return .success(answer)
        case .answers(let key):
            let calls = events.filter { Self.isCall($0, of: key) }
            return .success(.array(calls.compactMap { answer(to: $0, key: key, events) }))
        }
    }

    /// The scripted answer the call got: the `return` or `throw` value of the response that answered it (a
    /// stream's yielded values), or nil when no answer was recorded.
    private func answer(to call: TimelineEvent, key: String, _ events: [TimelineEvent]) -> JSONValue? {
        let answers = events.lazy.filter { $0.answering == call.seq }.compactMap { event in
            if case .response(_, let answer) = event.kind { answer.index } else { nil }
        }
        guard let index = answers.first, let entry = scenario.mocks.first(where: { $0.key == key }),
            entry.responses.indices.contains(index)
        else { return nil }
        switch entry.responses[index].outcome {
        case .value(let value), .error(let value): return value
        case .stream(let elements):
            return .array(elements.compactMap { if case .value(let value) = $0.event { value } else { nil } })
        case .never: return nil
        }
    }

    /// `output 'results' at 850ms`.
    static func describe(_ event: TimelineEvent) -> String {
        "\(event.kind.label.rawValue) '\(event.kind.name)' at \(event.at)"
    }

    /// Whether `event` is a call of the mock method `key`.
    private static func isCall(_ event: TimelineEvent, of key: String) -> Bool {
        if case .call(key, _) = event.kind { true } else { false }
    }

    /// Where two values differ, when either was cut short: `; differs at [2].name ("Edsger Dijkstra", expected
    /// "Alan Turing"), and 2 more`.
    static func differences(_ expected: JSONValue, _ actual: JSONValue) -> String {
        let writer = JSONWriter(style: .spaced)
        guard writer.string(expected).count > 120 || writer.string(actual).count > 120 else { return "" }
        let changes = ValueDiff.changes(expected, actual, path: ValuePath())
        guard !changes.isEmpty else { return "" }
        let shown = changes.prefix(3).map { change in
            let found = change.actual.map(shortened) ?? "nothing"
            let wanted = change.expected.map(shortened) ?? "nothing"
            let path = change.path.description
            return "\(path.isEmpty ? "the value" : path) (\(found), expected \(wanted))"
        }
        let more = changes.count > 3 ? ", and \(changes.count - 3) more" : ""
        return "; it differs at " + shown.joined(separator: ", ") + more
    }

    /// A value on one line, cut after 120 characters.
    static func shortened(_ value: JSONValue) -> String {
        let text = JSONWriter(style: .spaced).string(value)
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
