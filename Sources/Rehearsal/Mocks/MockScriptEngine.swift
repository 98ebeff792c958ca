import Foundation
import ScenarioJSON
import VirtualTime

/// Plays a scenario's scripted mock responses: picks the response for each call, waits its virtual latency,
/// records calls, responses and cancellations, and collects what went wrong (a call with no response left, a
/// `when` on an argument the method does not take, a body that does not decode) as located failures.
final class MockScriptEngine: @unchecked Sendable {
    private let lock = NSLock()
    private let scenario: Scenario
    private let recorder: TimelineRecorder
    private let timeline: VirtualEventLoop
    private let failures: FailureLog
    /// Remaining uses per response, indexed like `scenario.mocks[entry].responses[response]`; nil is unlimited.
    private var remaining: [[Int?]]
    /// How many calls each response answered.
    private var used: [[Int]]
    private var reportedWhenKeys: Set<JSONPointer> = []
    private(set) var createdMocks: [String] = []
    private var callCounts: [String: Int] = [:]
    private var waiting: [Int: (call: String, cause: String, since: UInt64, reported: Bool)] = [:]
    private var nextWaitID = 0
    private var stalled:
        [(
            call: String, reason: String, hint: String, cause: String, since: UInt64,
            continuation: UnsafeContinuation<Void, Never>
        )] = []

    init(scenario: Scenario, recorder: TimelineRecorder, timeline: VirtualEventLoop, failures: FailureLog) {
        self.scenario = scenario
        self.recorder = recorder
        self.timeline = timeline
        self.failures = failures
        remaining = scenario.mocks.map { $0.responses.map(\.times) }
        used = scenario.mocks.map { $0.responses.map { _ in 0 } }
    }

    func registerMock(named name: String) {
        lock.withLock { if !createdMocks.contains(name) { createdMocks.append(name) } }
    }

    /// Records `call`, picks its response, waits the response's latency and returns the answer.
    /// A call with no usable response waits until its task is cancelled (and is reported as a failure).
    func answer(_ call: MockCall) async -> MockAnswer {
        let seq = recorder.record([
            "call": .string(call.key), "args": call.arguments.isEmpty ? nil : .object(call.arguments),
        ])
        lock.withLock { callCounts[call.key, default: 0] += 1 }
        guard let (response, index) = pick(call) else {
            await waitForCancellation(call: call.key, reported: true)
            recordCancelled(call, seq: seq)
            return .cancelled(nil)
        }
        if response.after.nanoseconds > 0 {
            do {
                try await timeline.clock.sleep(for: .nanoseconds(response.after.nanoseconds))
            } catch {
                recordCancelled(call, seq: seq)
                return .cancelled(response)
            }
        }
        switch response.outcome {
        case .value(let value):
            recorder.record(["response": .string(call.key), "index": .integer(Int64(index))], answering: seq)
            return .value(value, at: response.pointer.appending("return"))
        case .error(let value):
            recorder.record(
                ["response": .string(call.key), "index": .integer(Int64(index)), "throw": .bool(true)], answering: seq)
            return .error(value, at: response.pointer.appending("throw"))
        case .never:
            await waitForCancellation(call: call.key)
            recordCancelled(call, seq: seq)
            return .cancelled(response)
        }
    }

    /// Records a call that needs no answer (a synchronous `Void` method such as an analytics logger).
    func note(_ call: MockCall) {
        recorder.record(["call": .string(call.key), "args": call.arguments.isEmpty ? nil : .object(call.arguments)])
        lock.withLock { callCounts[call.key, default: 0] += 1 }
    }

    private func recordCancelled(_ call: MockCall, seq: Int) {
        recorder.record(["cancelled": .string(call.key)], answering: seq)
    }

    /// Reports a scripted body that does not decode into the method's type.
    func reportDecodingFailure<T>(_ error: JSONError, expected: T.Type) {
        var located = error
        located.message = "the scripted response does not decode into \(String(describing: expected)): \(error.message)"
        failures.add(.mock, located)
    }

    /// Suspends a call that cannot return anything, for good. It is listed by `stalledCalls`, and the
    /// end-of-scenario check reports the task that made it.
    func stall(_ call: MockCall, reason: String, hint: String) async -> Never {
        let cause = timeline.currentCause
        let at = timeline.nowNanoseconds
        while true {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                lock.withLock { stalled.append((call.key, reason, hint, cause, at, continuation)) }
            }
        }
    }

    /// Calls that can never complete, with why and the cause that made them.
    var stalledCalls: [(call: String, reason: String, hint: String, cause: String, since: UInt64)] {
        lock.withLock { stalled.map { ($0.call, $0.reason, $0.hint, $0.cause, $0.since) } }
    }

    /// Suspends until the current task is cancelled; such waits are listed by `outstandingWaits`. A wait whose
    /// cause was already reported (a call with no response left) is marked so the end checks do not repeat it.
    private func waitForCancellation(call: String, reported: Bool = false) async {
        let id: Int = lock.withLock {
            defer { nextWaitID += 1 }
            waiting[nextWaitID] = (call, timeline.currentCause, timeline.nowNanoseconds, reported)
            return nextWaitID
        }
        let gate = CancellationGate()
        await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.open()
        }
        lock.withLock { _ = waiting.removeValue(forKey: id) }
    }

    /// Calls still waiting for an answer that will never come, with the cause that made them.
    var outstandingWaits: [(call: String, cause: String, since: UInt64, reported: Bool)] {
        lock.withLock { waiting.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Scripted responses that calls did not use up, as (entry, response index, uses left; nil for a `repeat`
    /// response that no call used at all).
    var unusedResponses: [(entry: MockScriptEntry, index: Int, left: Int?)] {
        lock.withLock {
            var unused: [(MockScriptEntry, Int, Int?)] = []
            for (entryIndex, entry) in scenario.mocks.enumerated() {
                for index in entry.responses.indices {
                    if let left = remaining[entryIndex][index] {
                        if left > 0 { unused.append((entry, index, left)) }
                    } else if used[entryIndex][index] == 0 {
                        unused.append((entry, index, nil))
                    }
                }
            }
            return unused
        }
    }

    /// How often each key was called.
    var calls: [String: Int] { lock.withLock { callCounts } }

    // MARK: Picking a response

    /// Whether two argument values are the same JSON: objects regardless of member order, numbers by value
    /// (`2` matches `2.0`).
    static func equivalent(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && left.allSatisfy { key, value in right[key].map { equivalent(value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equivalent($0, $1) }
        case (.integer(let integer), .double(let double)), (.double(let double), .integer(let integer)):
            return Double(exactly: integer) == double
        default:
            return lhs == rhs
        }
    }

    private func pick(_ call: MockCall) -> (MockResponse, Int)? {
        guard let entryIndex = scenario.mocks.firstIndex(where: { $0.key == call.key }) else {
            let near = Suggestion.closest(to: call.key, in: scenario.mocks.map(\.key))
            reportMissing(
                call, reason: noScriptReason(call, near: near),
                at: near.flatMap { key in scenario.mocks.first { $0.key == key }?.pointer })
            return nil
        }
        let entry = scenario.mocks[entryIndex]
        var mismatches: [String] = []
        var usedUp: [String] = []
        for (index, response) in entry.responses.enumerated() {
            let usable: Bool = lock.withLock { remaining[entryIndex][index].map { $0 > 0 } ?? true }
            guard usable else {
                // Say so when a response that would have matched was already used up.
                if response.when.map({ self.mismatch($0, call, response: response) == nil }) ?? true {
                    let uses = response.times ?? 1
                    usedUp.append(
                        "response \(index) matches but its \(uses == 1 ? "use was" : "\(uses) uses were") taken")
                }
                continue
            }
            if let when = response.when, let mismatch = self.mismatch(when, call, response: response) {
                mismatches.append("response \(index) wants \(mismatch)")
                continue
            }
            lock.withLock {
                if let left = remaining[entryIndex][index] { remaining[entryIndex][index] = left - 1 }
                used[entryIndex][index] += 1
            }
            return (response, index)
        }
        let reason: (String, String?)
        if !usedUp.isEmpty && !mismatches.isEmpty
            || !usedUp.isEmpty && entry.responses.contains(where: { $0.when != nil })
        {
            reason = (
                "no scripted response is left for \(call.key) with \(JSONWriter(style: .spaced).string(.object(call.arguments))): "
                    + (usedUp + mismatches).joined(separator: "; "),
                "add another response for these arguments, or give the matching one \"times\": N"
            )
        } else if mismatches.isEmpty {
            let used = entry.responses.count
            reason = (
                used == 1
                    ? "the only scripted response for \(call.key) was used"
                    : "all \(used) scripted responses for \(call.key) were used",
                "add another response, or \"times\": N or \"repeat\": true to the last one"
            )
        } else {
            reason = (
                "no scripted response for \(call.key) matches \(JSONWriter(style: .spaced).string(.object(call.arguments))): "
                    + mismatches.joined(separator: "; "),
                "change the response's 'when', or add a response for these arguments"
            )
        }
        reportMissing(call, reason: reason, at: entry.pointer)
        return nil
    }

    /// Why `when` does not match the call (`cursor = "c2", the call has null`), or nil when it matches.
    private func mismatch(_ when: JSONObject, _ call: MockCall, response: MockResponse) -> String? {
        let writer = JSONWriter(style: .spaced)
        for (name, expected) in when {
            guard let actual = call.arguments[name] else {
                reportUnknownWhenArgument(name, call: call, response: response)
                return "\(name) = \(writer.string(expected)), an argument \(call.key) does not take"
            }
            if !Self.equivalent(actual, expected) {
                return "\(name) = \(writer.string(expected)), the call has \(writer.string(actual))"
            }
        }
        return nil
    }

    private func reportUnknownWhenArgument(_ name: String, call: MockCall, response: MockResponse) {
        let pointer = response.pointer.appending("when").appending(name)
        let isNew = lock.withLock { reportedWhenKeys.insert(pointer).inserted }
        guard isNew else { return }
        let names = call.arguments.keys
        let list = names.isEmpty ? "none" : names.joined(separator: ", ")
        let hint =
            Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'? Arguments: \(list)" }
            ?? "use one of the arguments of \(call.key): \(list)"
        failures.add(
            .mock,
            scenario.document.error(
                at: pointer, "'when' names the argument '\(name)', which \(call.key) does not take", hint: hint))
    }

    private func noScriptReason(_ call: MockCall, near: String?) -> (String, String?) {
        if let near {
            return (
                "no response is scripted for \(call.key); the closest scripted mock is '\(near)'",
                "rename '\(near)' to '\(call.key)' if it was meant for this call"
            )
        }
        return (
            "no response is scripted for \(call.key)",
            "add \"\(call.key)\": [{\"after\": \"0ms\", \"return\": …}] to \"mocks\""
        )
    }

    private func reportMissing(_ call: MockCall, reason: (String, String?), at pointer: JSONPointer? = nil) {
        let step = timeline.currentCause
        let message =
            "\(reason.0) (call made by \(step) at \(ScenarioDuration(nanoseconds: Int64(clamping: timeline.nowNanoseconds))))"
        failures.add(
            .mock, scenario.document.error(at: pointer ?? JSONPointer.root.appending("mocks"), message, hint: reason.1))
    }
}

/// A one-shot gate a task waits on until it is opened (by cancellation). Safe when `open` comes first.
private final class CancellationGate: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var isOpen = false

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow: Bool = lock.withLock {
                if isOpen { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let continuation: CheckedContinuation<Void, Never>? = lock.withLock {
            isOpen = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume()
    }
}
