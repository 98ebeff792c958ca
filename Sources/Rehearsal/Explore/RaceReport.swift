import ScenarioJSON

/// Names the race a failing schedule shows: the first pair of events that arrive from outside the ViewModel (mock
/// responses and cancellations, steps' inputs, callbacks) in the other order than in the default schedule.
///
/// ```
/// the response to SearchRepository.search {"query": "sw"} (response 0) at 850ms came after the response to
/// {"query": "swift"} (response 1) at 800ms; in the default order it came first (750ms, 850ms)
/// ```
struct RaceReport {
    let scenario: Scenario

    /// One racing event, identified across schedules by what it is and how many alike came before it.
    private struct Racer {
        let identity: String
        let event: TimelineEvent
        let words: String
    }

    /// The race in words, or nil when the two timelines order no such pair differently.
    func describe(baseline: Timeline, failing: Timeline) -> String? {
        let before = racers(baseline.events)
        let after = racers(failing.events)
        var defaultPosition: [String: Int] = [:]
        for (position, racer) in before.enumerated() { defaultPosition[racer.identity] = position }
        for (position, early) in after.enumerated() {
            guard let earlyDefault = defaultPosition[early.identity] else { continue }
            let overtaken = after[(position + 1)...].compactMap { racer in
                defaultPosition[racer.identity].flatMap { $0 < earlyDefault ? (racer, $0) : nil }
            }
            guard let (late, lateDefault) = overtaken.min(by: { $0.1 < $1.1 }) else { continue }
            return "\(late.words) came after \(early.words) (\(Self.times(late.event.at, early.event.at))); in the "
                + "default order it came first (\(Self.times(before[lateDefault].event.at, before[earlyDefault].event.at)))"
        }
        let missing = before.filter { racer in !after.contains { $0.identity == racer.identity } }
        let extra = after.filter { racer in !before.contains { $0.identity == racer.identity } }
        if let first = extra.first {
            return "\(first.words) happened at \(first.event.at), which the default order never shows"
                + (missing.first.map { " (it shows \($0.words) instead)" } ?? "")
        }
        return missing.first.map { "\($0.words) never happened (the default order shows it at \($0.event.at))" }
    }

    private func racers(_ events: [TimelineEvent]) -> [Racer] {
        var seen: [String: Int] = [:]
        var calls: [Int: TimelineEvent] = [:]
        var racers: [Racer] = []
        for event in events {
            let base: String
            let words: String
            let call = event.answering.flatMap { calls[$0] }
            switch event.kind {
            case .call:
                calls[event.seq] = event
                continue
            case .response(let key, let answer):
                let element = answer.element.map { " element \($0)" } ?? ""
                base = "response \(key) \(answer.index)\(element)"
                words = "the response to \(callWords(key, call)) (response \(answer.index)\(element))"
            case .cancelled(let key):
                base = "cancelled \(key) \(call.flatMap(Self.arguments).map(PropertyCheck.shortened) ?? "")"
                words = "the cancellation of \(callWords(key, call))"
            case .input(let name, let value):
                base = "input \(event.cause?.stepIndex.map(String.init) ?? name)"
                let step = event.cause?.stepIndex.map { "step \($0) " } ?? ""
                words = "\(step)(input '\(name)'\(value.map { " \(PropertyCheck.shortened($0))" } ?? ""))"
            case .callback(let name, _):
                base = "callback \(name)"
                words = "callback '\(name)'"
            case .output, .state, .route, .log, .finished, .failed:
                continue
            }
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            racers.append(Racer(identity: "\(base) #\(occurrence)", event: event, words: words))
        }
        return racers
    }

    /// `both at 1.3s`, or `at 850ms and 750ms`.
    private static func times(_ first: ScenarioDuration, _ second: ScenarioDuration) -> String {
        first == second ? "both at \(first)" : "at \(first) and \(second)"
    }

    /// `SearchRepository.search {"query": "sw"}`, or the key alone.
    private func callWords(_ key: String, _ call: TimelineEvent?) -> String {
        guard let arguments = call.flatMap(Self.arguments) else { return key }
        return "\(key) \(PropertyCheck.shortened(arguments))"
    }

    /// A call's arguments as one value, `nil` when it has none.
    private static func arguments(_ call: TimelineEvent) -> JSONValue? {
        guard case .call(_, let arguments) = call.kind, !arguments.isEmpty else { return nil }
        return .object(arguments)
    }
}
