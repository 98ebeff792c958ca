import ScenarioJSON
import VirtualTime

/// A call of a method no key scripts, made while a key of the same mock had not been called: reported when the
/// run ends, as another name for that key if nothing called it, else as a call without a response.
struct UnscriptedCall: Sendable {
    /// `Type.method`, as called.
    var key: String
    /// The work that made the call.
    var cause: WorkCause
    /// The virtual instant of the call.
    var since: ScenarioDuration
}

extension MockScriptEngine {
    /// The scripted keys of `key`'s mock type that no call used so far and that are not reported already, in file
    /// order.
    func uncalledKeys(ofTypeOf key: String) -> [String] {
        guard let type = MockKey(key)?.type else { return [] }
        return lock.withLock {
            scenario.mocks.map(\.key).filter { scripted in
                MockKey(scripted)?.type == type && callCounts[scripted, default: 0] == 0
                    && !misspeltKeys.contains(scripted)
            }
        }
    }

    /// Reports the calls of unscripted methods held back until the run ended (once; later calls do nothing).
    ///
    /// A scripted key of the same mock that nothing called is taken for another name of the method
    /// (`RepoSearchRepository.searchRepos` for `searchRepositories`): one invalid-scenario finding at that key,
    /// `rename … to …`, instead of a missing response and an unused one. Of several such keys, the one closest to the
    /// method's name is taken. A call with no such key left is reported as having no response.
    func reportUnscriptedCalls() {
        let calls: [UnscriptedCall] = lock.withLock {
            defer { unscriptedCalls.removeAll() }
            return unscriptedCalls
        }
        var renamed: [String: String] = [:]
        for call in calls {
            if renamed[call.key] != nil { continue }
            // The keys share the mock type, so the closest key is the one whose method is closest.
            let candidates = uncalledKeys(ofTypeOf: call.key)
            let closest = Suggestion.closest(
                to: MockKey(call.key)?.method ?? "", in: candidates.map { MockKey($0)?.method ?? "" },
                typosOnly: false
            ).flatMap { method in candidates.first { MockKey($0)?.method == method } }
            guard let scripted = closest, let index = entryIndex[scripted] else {
                reportMissing(call.key, noScriptReason(call.key), by: call.cause, since: call.since)
                continue
            }
            renamed[call.key] = scripted
            reportMisspelt(
                scripted, for: call.key, at: scenario.mocks[index].pointer, by: call.cause, since: call.since)
        }
    }
}
