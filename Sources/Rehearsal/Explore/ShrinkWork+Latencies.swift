import ScenarioJSON

/// Forcing the failing order with latencies: without the schedule, with answers a tick apart, with each latency as
/// low as it goes.
extension ShrinkWork {
    /// The candidate's order forced by latencies alone, in the default order: first its own latencies without the
    /// schedule, then answers moved a tick apart (``nudged(_:)``). Nil when the candidate has no schedule, or neither
    /// fails the same way. For a failure of the golden property only the first is tried: the golden pins every time,
    /// so a latency moved by a tick would differ from it whatever the order.
    mutating func withoutSchedule(_ candidate: ShrinkCandidate) -> ShrinkCandidate? {
        guard !candidate.schedule.isEmpty else { return nil }
        let plain = ShrinkCandidate(raw: candidate.raw, schedule: [])
        if reproduces(plain) != nil { return plain }
        guard !isGoldenFailure else { return nil }
        return nudged(candidate)
    }

    /// The candidate without its schedule: at each instant where the failing schedule ordered responses and steps
    /// differently from the default, the responses' latencies move apart by a tick so that they arrive in the failing
    /// order around the steps (which keep their times). Nil when that does not fail the same way.
    mutating func nudged(_ candidate: ShrinkCandidate) -> ShrinkCandidate? {
        guard let run = play(candidate), let events = run.outcome.timeline?.events else { return nil }
        var calls: [Int: TimelineEvent] = [:]
        var uses: [String: Int] = [:]
        /// Responses and inputs in the failing order, per instant.
        var racers: [ScenarioDuration: [(event: TimelineEvent, call: TimelineEvent?)]] = [:]
        for event in events {
            switch event.kind {
            case .call:
                calls[event.seq] = event
            case .input:
                racers[event.at, default: []].append((event, nil))
            case .response(let key, let answer):
                guard answer.element == nil, !answer.isEnd, let call = event.answering.flatMap({ calls[$0] })
                else { return nil }
                uses["\(key)#\(answer.index)", default: 0] += 1
                racers[event.at, default: []].append((event, call))
            case .cancelled, .output, .state, .route, .callback, .log, .finished, .failed:
                continue
            }
        }
        guard uses.values.allSatisfy({ $0 == 1 }) else { return nil }
        for tick: Int64 in [1_000_000, 1_000, 1] {
            var raw = candidate.raw
            var feasible = true
            for (instant, group) in racers where group.count > 1 {
                let anchor = group.firstIndex { $0.call == nil } ?? 0
                for (rank, racer) in group.enumerated() where rank != anchor {
                    guard let call = racer.call, case .response(let key, let answer) = racer.event.kind else {
                        continue
                    }
                    let index = answer.index
                    let latency = instant.nanoseconds - call.at.nanoseconds + Int64(rank - anchor) * tick
                    guard latency >= 0 else {
                        feasible = false
                        continue
                    }
                    raw = Self.setting(
                        .string(ScenarioDuration(nanoseconds: latency).description),
                        at: ["mocks", key, String(index), "after"], in: raw)
                }
            }
            guard feasible else { continue }
            let nudged = ShrinkCandidate(raw: raw, schedule: [])
            if reproduces(nudged) != nil { return nudged }
        }
        return nil
    }

    /// Lowers each response's latency, one after the other, to the least whole number of milliseconds that still
    /// fails: 0 if it fails, else a binary search over whole milliseconds between 0 (does not fail) and its latency
    /// (fails), which ends with the latency that fails just above one that does not. A latency below a whole
    /// millisecond that fails (answers a microsecond apart) is kept as it is when the whole millisecond below it does
    /// not fail. Lowering one latency can let another go lower: ``minimised(_:)`` repeats this until a round lowers
    /// none, so that every latency was searched with the others at their final values.
    mutating func withLowestLatencies(_ candidate: ShrinkCandidate) -> ShrinkCandidate {
        var best = candidate
        guard case .object(let mocks)? = best.raw["mocks"] else { return best }
        let millisecond: Int64 = 1_000_000
        for entry in mocks.members {
            guard case .array(let responses) = entry.value else { continue }
            for index in responses.indices {
                let tokens = ["mocks", entry.key, String(index), "after"]
                guard case .object(let response)? = best.raw[JSONPointer(Array(tokens.dropLast()))],
                    response["stream"] == nil,
                    let current = try? ScenarioDuration(parsing: response["after"]?.stringValue ?? "0ms"),
                    current > .zero
                else { continue }
                func with(_ nanoseconds: Int64) -> ShrinkCandidate {
                    var attempt = best
                    attempt.raw = Self.setting(
                        .string(ScenarioDuration(nanoseconds: nanoseconds).description), at: tokens, in: attempt.raw)
                    return attempt
                }
                let immediate = with(0)
                if reproduces(immediate) != nil {
                    best = immediate
                    continue
                }
                var high = current.nanoseconds / millisecond * millisecond
                if high != current.nanoseconds, high == 0 || reproduces(with(high)) == nil { continue }
                var low: Int64 = 0
                while high - low > millisecond {
                    let middle = (low + high) / 2 / millisecond * millisecond
                    if reproduces(with(middle)) != nil {
                        high = middle
                    } else {
                        low = middle
                    }
                }
                if high != current.nanoseconds { best = with(high) }
            }
        }
        return best
    }
}
