import Foundation
import ScenarioJSON

extension ShrinkWork {
    /// Writes the shrunk scenario beside the original as `name.race-N.json` (the first free N), after checking that
    /// plain runs of it fail every time; an earlier race file with the same content is reused instead. For a golden
    /// failure, the original's golden is copied as its golden. Returns the path.
    mutating func write(
        _ candidate: ShrinkCandidate, token: ScheduleToken
    ) throws(Shrinker.Failure) -> (path: String, earlier: Bool) {
        var raw = JSONObject()
        let race = failingRace
        var forced = ""
        if !candidate.schedule.isEmpty {
            forced =
                isGoldenFailure
                ? "; its golden pins every time, so latencies cannot force that order: its 'schedule' plays it"
                : "; no latencies tried force that order in the default schedule (neither the failing run's nor "
                    + "answers a tick apart), so its 'schedule' plays it"
        }
        raw["description"] = .string(
            "shrunk by rehearsal explore from \(context.scenario.name): \(race)\(forced); "
                + "'\(context.advice.command("run"))' fails on it until the ViewModel is fixed (replay of the original: "
                + "\(token))")
        for member in Self.mergingTimes(candidate.raw).members where member.key != "description" {
            // Mocks whose every response went with the steps that used them go too.
            if member.key == "mocks", case .object(let mocks) = member.value, mocks.isEmpty { continue }
            raw[member.key] = member.value
        }
        // A race file is named after the scenario's; the shrinker writes names that are UTF-8 only.
        guard let original = context.path.string else {
            throw Shrinker.Failure(reason: "the scenario's file name is not UTF-8, so no race file is named after it")
        }
        let base = (original as NSString).deletingPathExtension
        if !candidate.schedule.isEmpty {
            guard let loaded = loadForWriting(raw, path: base + ".race.json") else {
                throw Shrinker.Failure(reason: "the shrunk scenario does not load")
            }
            raw["schedule"] = .string(
                ScheduleToken(fingerprint: loaded.fingerprint, plan: .choices(candidate.schedule)).description)
        }
        var number = 1
        while true {
            let path = "\(base).race-\(number).json"
            let full = (context.explorer.runner.loader.root as NSString).appendingPathComponent(path)
            var status = stat()
            // lstat: a dangling link takes the name too (nothing is ever written through it).
            guard lstat(full, &status) == 0 else { break }
            if let data = FileManager.default.contents(atPath: full),
                case .object(let existing)? = try? JSONParser().parse(bytes: Array(data), path: path).root,
                Self.sameContent(existing, raw)
            {
                return (path, true)
            }
            number += 1
        }
        let path = "\(base).race-\(number).json"
        guard let scenario = loadForWriting(raw, path: path) else {
            throw Shrinker.Failure(reason: "the shrunk scenario does not load")
        }
        for _ in 0..<Shrinker.verificationRuns {
            let outcome = context.explorer.runner.run(scenario, path: PathName(path), control: nil)
            let found = Shrinker.signatures(outcome)
            let goldenDiffers =
                isGoldenFailure
                && (context.golden.flatMap { golden in
                    outcome.timeline.map { SameInstantOrder.difference(golden: golden, actual: $0) != nil }
                } ?? false)
            guard !found.isEmpty || goldenDiffers else {
                throw Shrinker.Failure(reason: "a plain run of the shrunk scenario passed, so it was not written")
            }
        }
        let store = GoldenStore(root: context.explorer.runner.loader.root)
        let created: Bool
        do {
            // Created, never replaced: a file that took the name since it was found free stops the write.
            created = try AtomicFile().create(
                Array(ScenarioFileWriter.text(raw).utf8), at: store.absolute(path), shownPath: path)
        } catch {
            throw Shrinker.Failure(reason: "the shrunk scenario could not be written: \(error.diagnostic.headline)")
        }
        guard created else {
            throw Shrinker.Failure(reason: "\(path) was created by something else while the race was shrunk")
        }
        do throws(FileError) {
            if isGoldenFailure, var golden = context.golden {
                golden.scenario = scenario.name
                try store.writeGolden(golden, forScenario: PathName(path))
            }
        } catch {
            throw Shrinker.Failure(reason: "the shrunk scenario could not be written: \(error.diagnostic.headline)")
        }
        return (path, false)
    }

    private var failingRace: String {
        guard let base = context.play(DefaultSource()).outcome.timeline, let failing = failing.outcome.timeline,
            let race = RaceReport(scenario: context.scenario).describe(baseline: base, failing: failing)
        else { return "a schedule in which it fails" }
        return race
    }

    private func loadForWriting(_ raw: JSONObject, path: String) -> Scenario? {
        let loader = context.explorer.runner.loader
        let text = ScenarioFileWriter.text(raw)
        guard let document = try? JSONFileResolver(root: loader.root).parse(text, path: path) else { return nil }
        return try? loader.scenario(
            from: document, name: ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder))
    }

    /// Whether two scenario files say the same, apart from their description and known issue.
    static func sameContent(_ lhs: JSONObject, _ rhs: JSONObject) -> Bool {
        func kept(_ object: JSONObject) -> JSONValue {
            var copy = object
            copy["description"] = nil
            copy["knownIssue"] = nil
            return .object(copy)
        }
        return ValueMatch.equivalent(kept(lhs), kept(rhs))
    }

    /// `container` with `value` at `tokens` (nil removes it); missing objects on the way are not created.
    static func setting(_ value: JSONValue?, at tokens: [String], in container: JSONObject) -> JSONObject {
        guard case .object(let object) = setting(value, at: tokens[...], in: .object(container)) else {
            return container
        }
        return object
    }

    private static func setting(_ value: JSONValue?, at tokens: ArraySlice<String>, in container: JSONValue)
        -> JSONValue
    {
        guard let first = tokens.first else { return value ?? container }
        let rest = tokens.dropFirst()
        switch container {
        case .object(var object):
            if rest.isEmpty {
                object[first] = value
            } else if let child = object[first] {
                object[first] = setting(value, at: rest, in: child)
            }
            return .object(object)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return container }
            if rest.isEmpty {
                if let value { elements[index] = value } else { elements.remove(at: index) }
            } else {
                elements[index] = setting(value, at: rest, in: elements[index])
            }
            return .array(elements)
        default:
            return container
        }
    }

    /// `raw` with each response of `"times": n` written out as n responses, and for each key and original index,
    /// where its first copy is and how many there are.
    static func expandingTimes(_ raw: JSONObject) -> (JSONObject, [String: [Int: (index: Int, copies: Int)]]) {
        guard case .object(var mocks)? = raw["mocks"] else { return (raw, [:]) }
        var firstCopy: [String: [Int: (index: Int, copies: Int)]] = [:]
        for member in mocks.members {
            guard case .array(let responses) = member.value else { continue }
            var written: [JSONValue] = []
            for (index, response) in responses.enumerated() {
                guard case .object(var object) = response, case .integer(let times)? = object["times"], times > 1,
                    times <= 1_000
                else {
                    firstCopy[member.key, default: [:]][index] = (written.count, 1)
                    written.append(response)
                    continue
                }
                object["times"] = nil
                firstCopy[member.key, default: [:]][index] = (written.count, Int(times))
                written += Array(repeating: .object(object), count: Int(times))
            }
            mocks[member.key] = .array(written)
        }
        var copy = raw
        copy["mocks"] = .object(mocks)
        return (copy, firstCopy)
    }

    /// `raw` with runs of identical responses written as one response with `"times": n`.
    static func mergingTimes(_ raw: JSONObject) -> JSONObject {
        guard case .object(var mocks)? = raw["mocks"] else { return raw }
        for member in mocks.members {
            guard case .array(let responses) = member.value else { continue }
            var merged: [(value: JSONValue, count: Int)] = []
            for response in responses {
                if let last = merged.last, last.value == response, case .object(let object) = response,
                    object["times"] == nil, object["repeat"] == nil
                {
                    merged[merged.count - 1].count += 1
                } else {
                    merged.append((response, 1))
                }
            }
            mocks[member.key] = .array(
                merged.map { item in
                    guard item.count > 1, case .object(var object) = item.value else { return item.value }
                    object["times"] = .integer(Int64(item.count))
                    return .object(object)
                })
        }
        var copy = raw
        copy["mocks"] = .object(mocks)
        return copy
    }

    /// `raw` with `transform` applied to every mock response object.
    static func mapResponses(_ raw: JSONObject, _ transform: (JSONObject) -> JSONObject) -> JSONObject {
        guard case .object(var mocks)? = raw["mocks"] else { return raw }
        for member in mocks.members {
            guard case .array(let responses) = member.value else { continue }
            mocks[member.key] = .array(
                responses.map { if case .object(let o) = $0 { .object(transform(o)) } else { $0 } })
        }
        var copy = raw
        copy["mocks"] = .object(mocks)
        return copy
    }

    /// `raw` without the response uses that were left (a wholly unused response goes; one used in part keeps the
    /// uses taken as its `times`); a mock key left without responses goes too.
    static func removingUses(_ unused: [(key: String, index: Int, usesLeft: Int?)], from raw: JSONObject) -> JSONObject
    {
        guard case .object(var mocks)? = raw["mocks"] else { return raw }
        for item in unused.sorted(by: { $0.index > $1.index }) {
            guard case .array(var responses)? = mocks[item.key], responses.indices.contains(item.index),
                case .object(var response) = responses[item.index]
            else { continue }
            let times = response["times"]?.integerValue.map(Int.init) ?? 1
            if let left = item.usesLeft, left < times {
                response["times"] = times - left == 1 ? nil : .integer(Int64(times - left))
                responses[item.index] = .object(response)
            } else {
                responses.remove(at: item.index)
            }
            mocks[item.key] = responses.isEmpty ? nil : .array(responses)
        }
        var copy = raw
        copy["mocks"] = .object(mocks)
        return copy
    }
}
