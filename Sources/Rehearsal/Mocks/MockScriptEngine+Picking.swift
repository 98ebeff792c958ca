import ScenarioJSON
import VirtualTime

extension MockScriptEngine {
    /// The first unused response of the call's key whose `when` matches, with its index, taking one use of it;
    /// `nil` (after reporting why) when there is none.
    func pick(_ call: MockCall) -> (MockResponse, Int)? {
        guard let entryIndex = entryIndex[call.key] else {
            if let discovery {
                discovery.called(call)
                return nil
            }
            let near = Suggestion.closest(to: call.key, in: scenario.mocks.map(\.key))
            if let near, let pointer = self.entryIndex[near].map({ scenario.mocks[$0].pointer }) {
                reportMisspelt(near, for: call.key, at: pointer, by: timeline.currentCause, since: timeline.now)
            } else if !uncalledKeys(ofTypeOf: call.key).isEmpty {
                // A key of the same mock that nothing called yet may be this method under another name: whether it
                // is one is known once the run ends (see `reportUnscriptedCalls`).
                let unscripted = UnscriptedCall(key: call.key, cause: timeline.currentCause, since: timeline.now)
                lock.withLock { unscriptedCalls.append(unscripted) }
            } else {
                reportMissing(call.key, noScriptReason(call.key), by: timeline.currentCause, since: timeline.now)
            }
            return nil
        }
        let entry = scenario.mocks[entryIndex]
        reportAmbiguity(of: entry)
        var index = lock.withLock { firstOpen[entryIndex] }
        while index < entry.responses.count {
            let response = entry.responses[index]
            let usable: Bool = lock.withLock { remaining[entryIndex][index].map { $0 > 0 } ?? true }
            if usable, response.when.map({ mismatch($0, call, response: response) == nil }) ?? true {
                lock.withLock {
                    if let left = remaining[entryIndex][index] { remaining[entryIndex][index] = left - 1 }
                    used[entryIndex][index] += 1
                    while firstOpen[entryIndex] < entry.responses.count,
                        remaining[entryIndex][firstOpen[entryIndex]] == 0
                    {
                        firstOpen[entryIndex] += 1
                    }
                }
                return (response, index)
            }
            index += 1
        }
        if let missing = missingReason(call, entryIndex: entryIndex) {
            reportMissing(call.key, missing, at: entry.pointer, by: timeline.currentCause, since: timeline.now)
        }
        return nil
    }

    /// Why no response of the entry answers `call` (the error path: it looks at every response once); `nil` when
    /// every response that is left wants an argument the method does not take, which is reported already (one
    /// problem, one message).
    private func missingReason(_ call: MockCall, entryIndex: Int) -> MissingResponse? {
        let entry = scenario.mocks[entryIndex]
        if entry.responses.isEmpty {
            // An empty list scripts nothing: the call is as unanswered as one whose key is not scripted.
            return MissingResponse(
                reason: "no response is scripted for \(call.key): its list is empty",
                hint: scriptHint.hint(
                    "add a response to the list: {\"after\": \"0ms\", \"return\": …}",
                    forChange: "calling \(call.key)"))
        }
        let onlyUnknownArguments = entry.responses.indices.allSatisfy { index in
            let usable: Bool = lock.withLock { remaining[entryIndex][index].map { $0 > 0 } ?? true }
            return usable && entry.responses[index].when?.keys.contains { call.arguments[$0] == nil } == true
        }
        if onlyUnknownArguments { return nil }
        var mismatches: [String] = []
        var usedUp: [String] = []
        for (index, response) in entry.responses.enumerated() {
            let usable: Bool = lock.withLock { remaining[entryIndex][index].map { $0 > 0 } ?? true }
            let why = response.when.flatMap { mismatch($0, call, response: response) }
            if !usable {
                // Say so when a response that would have matched was already used up.
                if why == nil {
                    let uses = response.times ?? 1
                    usedUp.append(
                        "response \(index) matches but its \(uses == 1 ? "use was" : "\(uses) uses were") taken")
                }
            } else if let why {
                mismatches.append("response \(index) wants \(why)")
            }
        }
        let arguments = JSONWriter(style: .spaced).string(.object(call.arguments))
        if !usedUp.isEmpty && (!mismatches.isEmpty || entry.responses.contains(where: { $0.when != nil })) {
            return MissingResponse(
                reason: "no scripted response is left for \(call.key) with \(arguments): "
                    + Self.listed(usedUp + mismatches),
                hint: scriptHint.hint(
                    "add another response for these arguments, or give the matching one \"times\": N",
                    forChange: "the extra call of \(call.key)"))
        }
        if mismatches.isEmpty {
            let count = entry.responses.count
            return MissingResponse(
                reason: count == 1
                    ? "the only scripted response for \(call.key) was used"
                    : "all \(count) scripted responses for \(call.key) were used",
                hint: scriptHint.hint(
                    "add another response, or \"times\": N or \"repeat\": true to the last one",
                    forChange: "the extra call of \(call.key)"))
        }
        return MissingResponse(
            reason: "no scripted response for \(call.key) matches \(arguments): " + Self.listed(mismatches),
            hint: scriptHint.hint(
                "change the response's 'when', or add a response for these arguments",
                forChange: "calling \(call.key) with these arguments"))
    }

    /// At most five reasons, then how many more.
    private static func listed(_ reasons: [String]) -> String {
        let shown = reasons.prefix(5).joined(separator: "; ")
        return reasons.count > 5 ? shown + "; and \(reasons.count - 5) more" : shown
    }

    /// Why `when` does not match the call (`cursor = "c2", the call has null`), or nil when it matches.
    private func mismatch(_ when: JSONObject, _ call: MockCall, response: MockResponse) -> String? {
        let writer = JSONWriter(style: .spaced)
        for (name, expected) in when {
            guard let actual = call.arguments[name] else {
                reportUnknownWhenArgument(name, call: call, response: response)
                return "\(name) = \(writer.string(expected)), an argument \(call.key) does not take"
            }
            if !ValueMatch.contains(actual, expected: expected) {
                return "\(name) = \(writer.string(expected)), the call has \(writer.string(actual))"
            }
        }
        return nil
    }

    /// A short key (`DateProvider.transform`) under which the ViewModel called several overloads: one invalid-scenario
    /// finding at the key, listing them (once; a `when` naming another overload's argument is not reported again).
    private func reportAmbiguity(of entry: MockScriptEntry) {
        let called: [String]? = lock.withLock {
            guard let called = overloads[entry.key], called.count > 1, ambiguousKeys.insert(entry.key).inserted else {
                return nil
            }
            return called
        }
        guard let called else { return }
        let list = called.map { "'\($0)'" }
        failures.add(
            .invalid,
            scenario.document.diagnostic(
                at: entry.pointer,
                "'\(entry.key)' names \(called.count) overloads the ViewModel called: "
                    + list.dropLast().joined(separator: ", ") + " and " + (list.last ?? ""),
                hint: "key each overload by its full name, e.g. \(list.first ?? "")", atKey: true),
            cause: timeline.currentCause, in: scenario)
    }

    private func reportUnknownWhenArgument(_ name: String, call: MockCall, response: MockResponse) {
        guard !lock.withLock({ ambiguousKeys.contains(call.key) }) else { return }
        let pointer = response.pointer.appending("when").appending(name)
        let isNew = lock.withLock { reportedWhenKeys.insert(pointer).inserted }
        guard isNew else { return }
        let names = call.arguments.keys
        let list = names.isEmpty ? "none" : names.joined(separator: ", ")
        let hint =
            Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'? Arguments: \(list)" }
            ?? "use one of the arguments of \(call.key): \(list)"
        failures.add(
            .invalid,
            scenario.document.diagnostic(
                at: pointer, "'when' names the argument '\(name)', which \(call.key) does not take", hint: hint),
            cause: timeline.currentCause, in: scenario)
    }

    func noScriptReason(_ key: String) -> MissingResponse {
        MissingResponse(
            reason: "no response is scripted for \(key)",
            hint: scriptHint.hint(
                "add \"\(key)\": [{\"after\": \"0ms\", \"return\": …}] to \"mocks\"", forChange: "calling \(key)"))
    }

    /// A scripted key that is a misspelling of the called one (`StoreRepository.fetchContributor` for
    /// `fetchContributors`), or another name for it: one invalid-scenario finding, at the key, instead of a missing
    /// response and an unused one.
    func reportMisspelt(
        _ key: String, for called: String, at pointer: JSONPointer, by cause: WorkCause, since: ScenarioDuration
    ) {
        let isNew = lock.withLock { misspeltKeys.insert(key).inserted }
        guard isNew else { return }
        failures.add(
            .invalid,
            scenario.document.diagnostic(
                at: pointer,
                "unknown mock method '\(key)': the ViewModel called \(called) (by \(cause) at \(since)), which no "
                    + "response is scripted for",
                hint: "rename '\(key)' to '\(called)'", atKey: true),
            cause: cause, in: scenario)
    }

    /// A call no response answers, reported at the step whose work made it, with the mock key (`pointer`, when the
    /// scenario has one) as a second place; at the key (else `mocks`) when no step made it (setup). A second call
    /// that misses for the same reason, by the same cause at the same time (one send heard by two subscribers, two
    /// overloads under one key), is counted but not reported again: its message would be the same.
    func reportMissing(
        _ key: String, _ missing: MissingResponse, at pointer: JSONPointer? = nil, by cause: WorkCause,
        since: ScenarioDuration
    ) {
        let message = "\(missing.reason) (call made by \(cause) at \(since))"
        let isNew = lock.withLock {
            unansweredCalls[key, default: 0] += 1
            return reportedMissing.insert(message).inserted
        }
        guard isNew else { return }
        let diagnostic: Diagnostic
        if let step = cause.stepIndex, scenario.steps.indices.contains(step) {
            diagnostic = scenario.diagnostic(atStep: step, message, hint: missing.hint)
                .relating(pointer.flatMap { scenario.document.location(of: $0, atKey: true) }, as: "mock key")
        } else {
            diagnostic = scenario.document.diagnostic(
                at: pointer ?? JSONPointer.root.appending("mocks"), message, hint: missing.hint)
        }
        failures.add(.mock, diagnostic, cause: cause, in: scenario)
    }
}
