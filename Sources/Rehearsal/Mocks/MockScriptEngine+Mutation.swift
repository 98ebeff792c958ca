import CombineCompat
import ScenarioJSON

extension MockScriptEngine {
    /// The mutation point of a scripted failure: the response's place in the scenario file (`file:line:column` of
    /// the response object) and the mock key it answers. The point is in the scenario file, not in Swift: a mock's
    /// failure has no call site in the team's code.
    func mutationPoint(of response: MockResponse, key: String) -> MutationPoint {
        let location = scenario.document.location(of: response.pointer)
        let site = CallSite(
            file: location?.path ?? scenario.document.path ?? "<scenario>", line: location?.line ?? 1,
            column: location?.column ?? 1)
        return MutationPoint(site: site, operator: .mockFailure, subject: key)
    }

    /// Whether the failure `response` is about to answer `call` with is swallowed: in a mutate play, every scripted
    /// failure that answers is recorded as reached, and the mutant at it swallows the first answer it gives (later
    /// ones, of a repeated response, answer as scripted). Outside a mutate play: false, and nothing is recorded.
    func swallows(_ response: MockResponse, of call: MockCall) -> Bool {
        guard MutationSeam.current != nil,
            MutationSeam.reach(mutationPoint(of: response, key: call.key)) == .swallowed
        else { return false }
        return lock.withLock {
            defer { swallowedFailure = true }
            return !swallowedFailure
        }
    }
}
