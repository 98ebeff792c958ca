import CombineCompat
import RehearsalBase
import ScenarioJSON
import VirtualTime

/// Collects findings from every part of a run (thread-safe; all of a run happens in one order anyway).
final class FindingLog: @unchecked Sendable {
    private let lock = _Lock()
    private var findings: [Finding] = []

    /// Adds a finding.
    func add(_ finding: Finding) {
        lock.withLock { findings.append(finding) }
    }

    /// Adds a finding of `kind` about the step `cause` is (when it is one).
    func add(_ kind: Finding.Kind, _ diagnostic: Diagnostic, cause: WorkCause?, in scenario: Scenario) {
        add(Finding(kind, diagnostic, step: scenario.stepReference(for: cause)))
    }

    /// Everything found so far, in order.
    var all: [Finding] { lock.withLock { findings } }

    /// Whether nothing was found.
    var isEmpty: Bool { lock.withLock { findings.isEmpty } }
}
