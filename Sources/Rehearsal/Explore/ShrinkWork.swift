import Foundation
import ScenarioJSON

/// A scenario being shrunk: its file's JSON as written (`$file` references kept) and the non-default choices it
/// still needs (empty once latencies alone force the failing order).
struct ShrinkCandidate: Equatable {
    var raw: JSONObject
    var schedule: [ScheduleToken.Deviation]
}

/// The state of one shrink (see ``Shrinker``): what still-failing means, and the runs left.
struct ShrinkWork {
    let context: ExplorationContext
    let failing: ScheduleRun
    private let target: [Shrinker.Signature]
    private let primary: Shrinker.Signature?
    /// Whether the failure is the golden property (steps and responses then stay, and the golden is copied).
    let isGoldenFailure: Bool
    private var budget = Shrinker.runBudget
    private let loader: ScenarioLoader
    /// What the failing property found in the failing run: a candidate must find the same (a smaller scenario that
    /// fails the property with another value shows another bug).
    private let evidence: JSONValue?

    init(context: ExplorationContext, failing: ScheduleRun) {
        self.context = context
        self.failing = failing
        target = Shrinker.signatures(failing.outcome)
        primary = target.first { $0.kind == .property } ?? target.first
        let goldenIndices = Set(
            context.scenario.properties.compactMap { property -> Int? in
                if case .goldenUpToSameInstantOrder = property.rule { return property.index }
                return nil
            })
        isGoldenFailure = primary?.property.map(goldenIndices.contains) ?? false
        loader = context.explorer.runner.loader
        let property = primary?.property
        evidence = failing.outcome.timeline.flatMap { timeline in
            PropertyCheck(scenario: context.scenario).violations(timeline.events).first { $0.index == property }?
                .evidence
        }
    }

    /// The original with the failing run's latencies fixed (jitter removed, steps at absolute times) and its other
    /// choices kept as a schedule; it must still fail.
    mutating func start() throws(Shrinker.Failure) -> ShrinkCandidate {
        let full = PathName(loader.root).appending(context.path)
        guard let data = try? FileBytes.read(full),
            case .object(var raw)? = try? JSONParser().parse(bytes: data, path: context.path.description).root
        else { throw Shrinker.Failure(reason: "the scenario file could not be read again") }
        // One response per call, so that each call's latency can be set on its own.
        let (expanded, firstCopy) = Self.expandingTimes(raw)
        raw = expanded
        for choice in failing.driver.latencies where choice.chosen != choice.scripted {
            let tokens = choice.response.tokens
            guard tokens.count == 3, let index = Int(tokens[2]), let first = firstCopy[tokens[1]]?[index] else {
                continue
            }
            var path = ["mocks", tokens[1], String(first.index + (first.copies > 1 ? choice.use : 0))]
            if let element = choice.element { path += ["stream", String(element)] }
            raw = Self.setting(.string(choice.chosen.description), at: path + ["after"], in: raw)
        }
        raw["explore"] = nil
        raw["knownIssue"] = nil
        raw["schedule"] = nil
        raw = Self.mapResponses(raw) { response in
            var response = response
            response["jitter"] = nil
            return response
        }
        raw["steps"] = .array(
            context.scenario.steps.map { step in
                var object = JSONObject()
                object["at"] = .string(step.at.description)
                switch step.action {
                case .send(let name, let value, _, _):
                    object["send"] = .string(name)
                    object["value"] = value
                case .set(let name, let value, _, _):
                    object["set"] = .string(name)
                    object["value"] = value
                case .wait:
                    break
                }
                return .object(object)
            })
        var schedule: [ScheduleToken.Deviation] = []
        var position = 0
        for choice in failing.driver.trace where choice.kind != .latency {
            if choice.chosen != 0 {
                schedule.append(ScheduleToken.Deviation(position: position, option: choice.chosen))
            }
            position += 1
        }
        let candidate = ShrinkCandidate(raw: raw, schedule: schedule)
        guard reproduces(candidate) != nil else {
            throw Shrinker.Failure(reason: "the scenario with the failing schedule's latencies fixed does not fail")
        }
        return candidate
    }

    /// The candidate's run when it still fails the same way; nil otherwise (or when the runs are used up).
    mutating func reproduces(_ candidate: ShrinkCandidate) -> ScheduleRun? {
        guard let run = play(candidate) else { return nil }
        return fails(run) ? run : nil
    }

    private func fails(_ run: ScheduleRun) -> Bool {
        var found = Shrinker.signatures(run.outcome)
        if isGoldenFailure, let golden = context.golden, let timeline = run.outcome.timeline,
            SameInstantOrder.difference(golden: golden, actual: timeline) != nil
        {
            found.append(primary ?? Shrinker.Signature(kind: .property, property: nil))
        }
        guard let primary, found.contains(primary), Set(found).isSubset(of: Set(target)) else { return false }
        guard let evidence, let scenario = run.outcome.scenario, let events = run.outcome.timeline?.events else {
            return true
        }
        let same = PropertyCheck(scenario: scenario).violations(events).first { $0.index == primary.property }
        return same.map { ValueMatch.equivalent($0.evidence, evidence) } ?? false
    }

    /// Plays a candidate; nil when it does not load or the runs are used up.
    mutating func play(_ candidate: ShrinkCandidate) -> ScheduleRun? {
        guard budget > 0, let scenario = load(candidate.raw, path: provisionalPath) else { return nil }
        budget -= 1
        return context.play(ReplaySource(deviations: candidate.schedule), scenario: scenario)
    }

    private func load(_ raw: JSONObject, path: String) -> Scenario? {
        let text = ScenarioFileWriter.text(raw)
        guard let document = try? JSONFileResolver(root: loader.root).parse(text, path: path) else { return nil }
        return try? loader.scenario(
            from: document, name: ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder))
    }

    private var provisionalPath: String {
        (context.path.description as NSString).deletingPathExtension + ".race.json"
    }

    /// The candidate made as small as it goes: steps the failure does not need removed (with the responses only they
    /// used), each latency lowered to the least whole number of milliseconds that still fails, and the schedule
    /// dropped as soon as latencies alone fail in the default order — over again until a round changes nothing (or
    /// the runs are used up), since each of these can let another go further. The schedule is tried again only after
    /// a round changed the steps or latencies: the candidate's own was tried before (plays are deterministic).
    mutating func minimised(_ candidate: ShrinkCandidate) -> ShrinkCandidate {
        var best = candidate
        while budget > 0 {
            var next = withLowestLatencies(withoutUnneededSteps(best))
            if next == best { break }
            if let plain = withoutSchedule(next) { next = plain }
            best = next
        }
        return best
    }

    /// Removes each step (last first) that the failure does not need, with the responses only it used.
    mutating func withoutUnneededSteps(_ candidate: ShrinkCandidate) -> ShrinkCandidate {
        var best = candidate
        guard case .array(let steps)? = best.raw["steps"] else { return best }
        for index in steps.indices.reversed() {
            guard case .array(var current)? = best.raw["steps"], current.count > 1 else { break }
            current.remove(at: index)
            var attempt = best
            attempt.raw["steps"] = .array(current)
            guard let run = play(attempt) else { continue }
            if fails(run) {
                best = attempt
                continue
            }
            guard !run.driver.unusedResponses.isEmpty else { continue }
            attempt.raw = Self.removingUses(run.driver.unusedResponses, from: attempt.raw)
            if reproduces(attempt) != nil { best = attempt }
        }
        return best
    }
}

extension JSONObject {
    /// The value at a pointer below this object.
    subscript(pointer: JSONPointer) -> JSONValue? {
        JSONValue.object(self)[pointer]
    }
}
