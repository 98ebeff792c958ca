import CombineCompat
import Foundation
import RehearsalBase
import ScenarioJSON
import VirtualTime

/// Plays a scenario's scripted mock responses: picks the response for each call, waits its virtual latency,
/// records calls, responses and cancellations, and collects what went wrong (a call with no response left, a
/// `when` on an argument the method does not take, a body that does not decode) as located failures.
///
/// - Complexity: picking a response is O(1) amortised when calls use the responses in order (used-up responses
///   at the front of a key's list are skipped for good), O(r) in the responses r of the key otherwise.
final class MockScriptEngine: @unchecked Sendable {
    let lock = _Lock()
    let scenario: Scenario
    let recorder: TimelineRecorder
    let timeline: VirtualEventLoop
    let failures: FindingLog
    /// Moves latencies when an explorer runs the scenario (set before the run starts).
    var control: (any RunControl)?
    /// Records the calls of unscripted keys instead of reporting them, when the run discovers a ViewModel (set
    /// before the run starts).
    var discovery: ScenarioDiscovery?
    /// The position of each mock key in `scenario.mocks`.
    let entryIndex: [String: Int]
    // Guarded by `lock`:
    /// Remaining uses per response, indexed like `scenario.mocks[entry].responses[response]`; nil is unlimited.
    var remaining: [[Int?]]
    /// How many calls each response answered.
    var used: [[Int]]
    /// Per entry, the first response that may still have uses left (every one before it is used up).
    var firstOpen: [Int]
    var reportedWhenKeys: Set<JSONPointer> = []
    /// Scripted keys reported as a misspelling of a key the ViewModel called (so their unused responses are not
    /// reported again).
    var misspeltKeys: Set<String> = []
    /// Calls of unscripted methods whose report waits for the end of the run (see `reportUnscriptedCalls`).
    var unscriptedCalls: [UnscriptedCall] = []
    private(set) var callCounts: [String: Int] = [:]
    /// The full names called under each short key (`DateProvider.transform` → its overloads), to tell when a short
    /// key is ambiguous.
    var overloads: [String: [String]] = [:]
    /// Short keys reported as naming several overloads.
    var ambiguousKeys: Set<String> = []
    /// Per key, how many calls no response answered (reported as they were made).
    var unansweredCalls: [String: Int] = [:]
    /// The messages of the unanswered calls reported, so that a call missing for the same reason by the same cause at
    /// the same time is not reported twice.
    var reportedMissing: Set<String> = []
    /// The hint for a script that does not fit the calls (see ``ScriptHint``); set before the run starts.
    var scriptHint = ScriptHint()
    /// Whether a mutate play's mutant swallowed its failure already (it swallows the first one only).
    var swallowedFailure = false
    private var created: [String] = []
    private var waiting: [Int: WaitingCall] = [:]
    /// Set by ``scenarioEnded()``: from then on the runner releases the ViewModel, and what that cancels is not the
    /// ViewModel's doing.
    private var hasEnded = false
    private var nextWaitID = 0
    private var stalled: [(call: StalledCall, continuation: UnsafeContinuation<Void, Never>)] = []

    init(scenario: Scenario, recorder: TimelineRecorder, timeline: VirtualEventLoop, failures: FindingLog) {
        self.scenario = scenario
        self.recorder = recorder
        self.timeline = timeline
        self.failures = failures
        var entryIndex: [String: Int] = [:]
        for (index, entry) in scenario.mocks.enumerated() where entryIndex[entry.key] == nil {
            entryIndex[entry.key] = index
        }
        self.entryIndex = entryIndex
        remaining = scenario.mocks.map { $0.responses.map(\.times) }
        used = scenario.mocks.map { $0.responses.map { _ in 0 } }
        firstOpen = scenario.mocks.map { _ in 0 }
    }

    func registerMock(named name: String) {
        lock.withLock { if !created.contains(name) { created.append(name) } }
    }

    /// The classes of the mocks the factory made, in order (named only when asked: most runs never ask). A factory
    /// makes a few, so they are compared, not hashed.
    private var mockTypes: [Any.Type] = []

    /// The classes of the mocks the factory made, qualified (`StoreCatalog.StoreRepositoryMock`), in order.
    var mockClasses: [String] {
        lock.withLock { mockTypes }.map { _typeName($0, qualified: true) }
    }

    /// Notes the class of a mock the factory made.
    func registerMockClass(_ type: Any.Type) {
        lock.withLock {
            if !mockTypes.contains(where: { $0 == type }) { mockTypes.append(type) }
        }
    }

    /// Whether the scenario scripts responses for `key` (`Type.method`).
    func scripts(_ key: String) -> Bool {
        entryIndex[key] != nil
    }

    /// The names of the mocks the factory created, in order.
    var createdMocks: [String] { lock.withLock { created } }

    /// Records `call`, picks its response, waits the response's latency and returns the answer.
    /// A call with no usable response waits until its task is cancelled (and is reported as a failure); the
    /// timeline shows the call and nothing after it, since nothing answered it and the ViewModel cancelled nothing.
    func answer(_ call: MockCall) async -> MockAnswer {
        await answer(start(call))
    }

    /// Records `call` at this instant and picks its response (reporting why when none is left), for methods
    /// that answer later (a completion handler, a stream) but must show the call where it was made.
    func start(_ call: MockCall) -> StartedCall {
        let seq = note(call)
        guard let (response, index) = pick(call) else {
            return StartedCall(call: call, response: nil, index: 0, seq: seq)
        }
        let use = lock.withLock { entryIndex[call.key].map { used[$0][index] - 1 } ?? 0 }
        return StartedCall(call: call, response: response, index: index, seq: seq, use: use)
    }

    /// Waits the started call's latency and returns its answer (see ``answer(_:)-(MockCall)``).
    func answer(_ started: StartedCall) async -> MockAnswer {
        let call = started.call
        let index = started.index
        guard let response = started.response else {
            // Only the end of the run cancels it: there was nothing to cancel, so nothing more is recorded.
            await waitForCancellation(call: call.key, reported: true)
            return .cancelled(nil)
        }
        if case .stream = response.outcome {
            reportUnfit(
                call, at: response.pointer.appending("stream"),
                "\(call.key) returns one value, and a 'stream' answers methods returning AsyncStream, "
                    + "AsyncThrowingStream or a publisher",
                hint: "script \"return\": <value> for this method")
            await stall(
                call, reason: "its scripted response is a stream (reported above)",
                hint: "script \"return\": <value> for this method")
        }
        let after =
            control?.latency(of: response, use: started.use, element: nil, scripted: response.after) ?? response.after
        if after.nanoseconds > 0 {
            do {
                try await timeline.clock.sleep(for: .nanoseconds(after.nanoseconds))
            } catch {
                recordCancelled(call, answering: started.seq)
                return .cancelled(response)
            }
        }
        switch response.outcome {
        case .value(let value):
            recordResponse(call, index: index, answering: started.seq)
            return .value(value, at: response.pointer.appending("return"))
        case .error(let value):
            recordResponse(call, index: index, isError: true, answering: started.seq)
            if swallows(response, of: call) {
                // As a `"never"` response: the call waits until its task is cancelled, and the end checks, which
                // would report the wait, leave it alone (it is the mutant's, not the scenario's).
                if await waitForCancellation(call: call.key, reported: true) { return .cancelled(nil) }
                recordCancelled(call, answering: started.seq)
                return .cancelled(nil)
            }
            return .error(value, at: response.pointer.appending("throw"))
        case .never:
            // Cancelled by the release of the ViewModel after the scenario ended, the call was still waiting at
            // the end: the end checks report it, and no cancellation is recorded.
            if await waitForCancellation(call: call.key, listedAfterTheEnd: true) { return .cancelled(response) }
            recordCancelled(call, answering: started.seq)
            return .cancelled(response)
        case .stream:
            preconditionFailure("a stream response was reported and stalled above")
        }
    }

    /// Records the answer of response `index` to `call`: a whole answer, one element of a stream (`element`), or
    /// a stream's end (`finished`); `isError` marks a thrown answer.
    func recordResponse(
        _ call: MockCall, index: Int, element: Int? = nil, isError: Bool = false, finished: Bool = false,
        answering seq: Int? = nil
    ) {
        recorder.record(
            .response(
                key: call.key, .init(index: index, element: element, isError: isError, isEnd: finished)),
            answering: seq)
    }

    /// Reports a scripted answer that does not fit the method's shape (a stream for a one-value method, a `throw`
    /// for a method that cannot throw), at the offending value.
    func reportUnfit(_ call: MockCall, at pointer: JSONPointer, _ message: String, hint: String) {
        failures.add(
            .mock, scenario.document.diagnostic(at: pointer, message, hint: hint), cause: timeline.currentCause,
            in: scenario)
    }

    /// Records a call (one that needs no answer, such as an analytics logger's, or one answered later) and returns
    /// its `seq`, which its answers name.
    @discardableResult
    func note(_ call: MockCall) -> Int {
        let seq = recorder.record(.call(key: call.key, arguments: call.arguments))
        lock.withLock {
            callCounts[call.key, default: 0] += 1
            if call.key != call.fullKey, overloads[call.key]?.contains(call.fullKey) != true {
                overloads[call.key, default: []].append(call.fullKey)
            }
        }
        return seq
    }

    /// The key a call is scripted and recorded under: its full name (`DateProvider.transform(date:)`) when the
    /// scenario keys the overload by it, else `Type.method`.
    func scriptKey(for call: MockCall) -> String {
        call.fullKey != call.key && entryIndex[call.fullKey] != nil ? call.fullKey : call.key
    }

    /// Records that the call `seq` was cancelled while it waited.
    func recordCancelled(_ call: MockCall, answering seq: Int? = nil) {
        recorder.record(.cancelled(key: call.key), answering: seq)
    }

    /// Reports a scripted body that does not decode into the method's type.
    func reportDecodingFailure<T>(_ error: JSONError, expected: T.Type) {
        var diagnostic = error.diagnostic
        diagnostic.message =
            "the scripted response does not decode into \(String(describing: expected)): \(error.message)"
        if diagnostic.hint == nil {
            diagnostic.hint = "change the scripted value to fit \(String(describing: expected))"
        }
        // The scripted value is the scenario's: fixing the file fixes it.
        failures.add(.invalid, diagnostic, cause: timeline.currentCause, in: scenario)
    }

    /// Suspends a call that cannot return anything, for good. It is listed by `stalledCalls`, and the
    /// end-of-scenario check reports the task that made it.
    func stall(_ call: MockCall, reason: String, hint: String) async -> Never {
        let stall = StalledCall(
            key: call.key, reason: reason, hint: hint, cause: timeline.currentCause, since: timeline.now)
        while true {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                lock.withLock { stalled.append((stall, continuation)) }
            }
        }
    }

    /// Calls that can never complete, with why and the cause that made them.
    var stalledCalls: [StalledCall] {
        lock.withLock { stalled.map(\.call) }
    }

    /// Suspends until the current task is cancelled; such waits are listed by `outstandingWaits`. A wait whose
    /// cause was already reported (a call with no response left) is marked so the end checks do not repeat it.
    /// Returns whether the cancellation came after ``scenarioEnded()``; such a wait stays listed when
    /// `listedAfterTheEnd` (it was still waiting when the scenario ended).
    @discardableResult
    func waitForCancellation(call: String, reported: Bool = false, listedAfterTheEnd: Bool = false) async -> Bool {
        let wait = WaitingCall(
            key: call, cause: timeline.currentCause, since: timeline.now, reported: reported)
        let id: Int = lock.withLock {
            defer { nextWaitID += 1 }
            waiting[nextWaitID] = wait
            return nextWaitID
        }
        let gate = CancellationGate()
        await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.open()
        }
        return lock.withLock {
            if !(hasEnded && listedAfterTheEnd) { _ = waiting.removeValue(forKey: id) }
            return hasEnded
        }
    }

    /// The scenario's steps and work are done: what happens from here is the runner releasing the ViewModel.
    func scenarioEnded() {
        lock.withLock { hasEnded = true }
    }

    /// Calls still waiting for an answer that will never come, in the order they were made.
    var outstandingWaits: [WaitingCall] {
        lock.withLock { waiting.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Scripted responses that calls did not use up, in file order.
    var unusedResponses: [UnusedResponse] {
        lock.withLock {
            var unused: [UnusedResponse] = []
            for (entryIndex, entry) in scenario.mocks.enumerated() {
                for index in entry.responses.indices {
                    if let left = remaining[entryIndex][index] {
                        if left > 0 { unused.append(UnusedResponse(entry: entry, index: index, usesLeft: left)) }
                    } else if used[entryIndex][index] == 0 {
                        unused.append(UnusedResponse(entry: entry, index: index, usesLeft: nil))
                    }
                }
            }
            return unused
        }
    }

    /// How often each key was called.
    var calls: [String: Int] { lock.withLock { callCounts } }
}
