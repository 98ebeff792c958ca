import ScenarioJSON
import VirtualTime

/// The exhaustive end-of-scenario checks: what the scenario scripted but never happened, and what the
/// ViewModel left behind. Each finding points at the scenario value it is about.
struct EndChecks {
    let scenario: Scenario
    let timeline: VirtualEventLoop
    let engine: MockScriptEngine
    let leakProbe: LeakProbe

    /// What the ViewModel left behind: calls still waiting, unfinished work, pending timers, uncontrolled time
    /// sources and a leaked ViewModel (the script's own checks are ``unusedResponses()``).
    func leftovers() -> [Finding] {
        let waits = engine.outstandingWaits
        let stalls = engine.stalledCalls
        var found = waitingCalls(waits, stalls)
        var unfinished: [Finding] = []
        // Most runs end with nothing left on the timeline: then there is no pending work to list and sort.
        if timeline.hasPendingWork {
            let pending = timeline.pendingWork()
            unfinished = unfinishedTasks(pending, waits: waits, stalls: stalls) + unrunJobs(pending)
            found += unfinished + pendingTimers(pending)
        }
        found += uncontrolledTimeSources()
        // A task still suspended keeps its ViewModel alive; that is reported above, not as a leak.
        let suspended = !waits.isEmpty || !stalls.isEmpty || !unfinished.isEmpty
        if leakProbe.isAlive, !suspended {
            found.append(
                finding(
                    nil, at: JSONPointer.root.appending("viewModel"),
                    "ViewModel \(leakProbe.typeName) is still alive after the run released it (a retain cycle, or a task that holds it)",
                    hint: "capture self weakly in the closures its subscriptions and tasks keep ([weak self] or "
                        + "withUnretained(self)), wherever they are made (init, bind())"))
        }
        return found
    }

    /// An end-check finding at `pointer`, about the step `cause` is (when it is one).
    private func finding(_ cause: WorkCause?, at pointer: JSONPointer, _ message: String, hint: String) -> Finding {
        Finding(
            .endCheck, scenario.document.diagnostic(at: pointer, message, hint: hint),
            step: scenario.stepReference(for: cause))
    }

    /// Scripted responses no call used, and scripted keys nothing called that are a misspelling of a called one:
    /// what the run found about the mock script.
    func unusedResponses() -> [Finding] {
        let calls = engine.calls
        let (misspelt, reportedWhen, unansweredCalls) = engine.lock.withLock {
            (engine.misspeltKeys.union(engine.ambiguousKeys), engine.reportedWhenKeys, engine.unansweredCalls)
        }
        var reportedKeys = Set<String>()
        // A lenient scenario's unused responses are notes, which a golden may have been recorded with.
        let scriptHint = scenario.strict ? engine.scriptHint : ScriptHint()
        return engine.unusedResponses.compactMap { unused in
            let key = unused.entry.key
            // A misspelt or ambiguous key, or a response whose `when` names an argument the method does not take, was
            // reported.
            guard !misspelt.contains(key) else { return nil }
            let response = unused.entry.responses[unused.index]
            if response.when?.keys.contains(where: {
                reportedWhen.contains(response.pointer.appending("when").appending($0))
            }) == true {
                return nil
            }
            let count = calls[key] ?? 0
            let unanswered = unansweredCalls[key] ?? 0
            let uses = unused.usesLeft.map { $0 == 1 ? "1 use" : "\($0) uses" } ?? "every use"
            // The uses a response with "times" had taken before the run ended.
            let taken = response.times.flatMap { declared in unused.usesLeft.map { declared - $0 } } ?? 0
            // Never called: the mock's methods are known only by the calls made, so the key may name no method.
            let hint: String
            if count == 0 {
                hint = scriptHint.hint(
                    "remove the response", forChange: "not calling \(key)",
                    withoutGolden: "check that the ViewModel calls \(key) (a key that names no method of the mock is "
                        + "never called), or remove the response")
            } else if unanswered > 0 {
                // The response was there for a call that did not match it: that call is the cause.
                hint =
                    "see the \(unanswered == 1 ? "call" : "\(unanswered) calls") of \(key) reported above, which no "
                    + "response matched: fix the call's arguments or this response's 'when'"
            } else if taken > 0, let declared = response.times {
                // Some of its uses were taken: the script wants fewer uses, not no response.
                let change = taken == 1 ? "remove its \"times\"" : "lower its \"times\" to \(taken)"
                hint = scriptHint.hint(
                    change, forChange: "calling \(key) \(taken) time\(taken == 1 ? "" : "s") instead of \(declared)",
                    withoutGolden: "\(change), or find out why the ViewModel called \(key) fewer times")
            } else {
                let times = "\(count) time\(count == 1 ? "" : "s")"
                hint = scriptHint.hint(
                    "remove it", forChange: "calling \(key) only \(times)",
                    withoutGolden: "remove it, or find out why the ViewModel called \(key) only \(times)")
            }
            if count == 0, let near = Suggestion.closest(to: key, in: Array(calls.keys).sorted()) {
                // A key never called that is close to one that was: the scenario misspells a method (once per key).
                guard reportedKeys.insert(key).inserted else { return nil }
                let times = calls[near] ?? 0
                return Finding(
                    .invalid,
                    scenario.document.diagnostic(
                        at: unused.entry.pointer,
                        "unknown mock method '\(key)': the ViewModel never called it, and called \(near) \(times) "
                            + "time\(times == 1 ? "" : "s")",
                        hint: "did you mean '\(near)'?", atKey: true))
            }
            let usage =
                taken > 0
                ? "was used \(taken) time\(taken == 1 ? "" : "s") of its \"times\": \(response.times ?? taken)"
                : "was not used"
            return finding(
                nil, at: unused.entry.pointer.appending(unused.index),
                "scripted response \(unused.index) for \(key) \(usage) (\(uses) left)", hint: hint)
        }
    }

    private func waitingCalls(_ waits: [WaitingCall], _ stalls: [StalledCall]) -> [Finding] {
        // Calls that found no response left were reported when they were made; only `never` answers remain.
        let waiting = waits.filter { !$0.reported }.map { wait in
            finding(
                wait.cause, at: pointer(of: wait.cause),
                "the call to \(wait.key) made by \(wait.cause) at \(wait.since) still waits for an answer that never comes",
                hint: "cancel the request in the ViewModel (a timeout), or script an answer")
        }
        let stalled = stalls.map { stall in
            finding(
                stall.cause, at: pointer(of: stall.cause),
                "a call to \(stall.key) made by \(stall.cause) can never return since \(stall.since): \(stall.reason)",
                hint: stall.hint)
        }
        return waiting + stalled
    }

    /// Task jobs enqueued but never run on the timeline (work that escaped it, e.g. a detached task still
    /// spinning when the run ended), for causes not already reported as unfinished tasks.
    private func unrunJobs(_ pending: PendingWork) -> [Finding] {
        let reported = Set(pending.unfinishedTaskCauses)
        return pending.jobs.filter { $0.value.enqueued > $0.value.finished && !reported.contains($0.key) }
            .sorted { $0.key < $1.key }
            .map { cause, count in
                finding(
                    cause, at: pointer(of: cause),
                    "work started by \(cause) has \(count.enqueued - count.finished) task job(s) that never ran on the "
                        + "virtual timeline by the end of the scenario",
                    hint: "end loops that never suspend on a virtual event (Task.yield() spins), or cancel the task")
            }
    }

    private func unfinishedTasks(_ pending: PendingWork, waits: [WaitingCall], stalls: [StalledCall]) -> [Finding] {
        let waitingCauses = Set(waits.map(\.cause) + stalls.map(\.cause))
        return pending.unfinishedTaskCauses.filter { !waitingCauses.contains($0) }.map { cause in
            let sleeping = pending.timers.contains { $0.cause == cause && $0.isSleep }
            let state =
                sleeping
                ? "it is sleeping on the virtual clock"
                : "it waits on something no virtual event will resume (a continuation never resumed, or a real clock)"
            return finding(
                cause, at: pointer(of: cause),
                "a task started by \(cause) is still running at the end of the scenario: \(state)",
                hint: sleeping
                    ? "raise 'until' so the task can finish, or cancel it in the ViewModel"
                    : "resume or cancel what it awaits; with system time real, inject the scenario's clock (context.clock)"
            )
        }
    }

    private func pendingTimers(_ pending: PendingWork) -> [Finding] {
        pending.timers.filter { !$0.isSleep }.map { timer in
            finding(
                timer.cause, at: scenario.until == nil ? pointer(of: timer.cause) : JSONPointer.root.appending("until"),
                "\(timer.what) scheduled by \(timer.cause) is still pending at the end (\(pending.now)), "
                    + "due at \(timer.at)",
                hint: "raise 'until' past it, or cancel it in the ViewModel")
        }
    }

    /// Thread sleeps, blocking waits, timers on real clocks (and, with system time real, real sleeps): located at
    /// the step whose work used them.
    private func uncontrolledTimeSources() -> [Finding] {
        timeline.timeSourceFindings.map { source in
            finding(
                source.cause, at: pointer(of: source.cause), "work started by \(source.cause) \(source.description)",
                hint: source.hint)
        }
    }

    /// The scenario value a cause is about: `.step(3)` → `/steps/3`; anything else → `/viewModel`.
    private func pointer(of cause: WorkCause) -> JSONPointer {
        if let index = cause.stepIndex { return JSONPointer.root.appending("steps").appending(index) }
        return JSONPointer.root.appending("viewModel")
    }
}
