import CombineCompat
import RehearsalBase
import ScenarioJSON

/// Inputs the ViewModel subscribed to again when it was bound: a base class that binds in `init`, bound once more by
/// the catalog's `.bind { $0.bind() }`, subscribes every input twice, and every send is then handled twice (a route
/// recorded twice, a request made twice) without anything failing. Each such input is a finding at the first step
/// that sends into it, saying how many subscribers heard it.
final class RepeatedBinding: @unchecked Sendable {
    private let lock = _Lock()
    /// Per input: its subscribers before the bind and after it.
    private var counts: [String: (before: Int, after: Int)] = [:]
    private var reported: Set<String> = []
    private var found: [Finding] = []
    /// The name an enum input's cases share.
    static let enumInput = "*"

    /// Compares the subscribers of each input before and after the bind: an input that had some and got as many again
    /// was subscribed twice.
    func compare(before: [String: Int], after: [String: Int]) {
        lock.withLock {
            for (name, first) in before where first > 0 {
                if let second = after[name], second >= 2 * first { counts[name] = (first, second) }
            }
        }
    }

    /// Notes a send into `input` by step `step` (once per input), with the subscribers it reaches now.
    func sent(_ input: String, step: Int, heardBy listeners: Int?, in scenario: Scenario, caseOf enumInput: Bool) {
        let key = enumInput ? Self.enumInput : input
        lock.withLock {
            guard let count = counts[key], let listeners, listeners > 1, reported.insert(key).inserted else { return }
            let what = enumInput ? "the input enum's subject (case '\(input)')" : "input '\(input)'"
            found.append(
                Finding(
                    .endCheck,
                    scenario.diagnostic(
                        atStep: step,
                        "\(what) was heard by \(listeners) subscribers: the ViewModel had subscribed \(count.before) "
                            + "when it was made and subscribed \(count.after - count.before) more when it was bound, so "
                            + "each send is handled \(listeners) times",
                        hint: "bind it once: a ViewModel whose init binds (a base class that calls bind()) needs no "
                            + ".bind { … } in the catalog"),
                    step: scenario.stepReference(step)))
        }
    }

    /// The findings, in the order of their steps.
    var findings: [Finding] { lock.withLock { found } }
}
