import Foundation
import Rehearsal
import ScenarioJSON

/// Turns a run's result into a ``Verdict``: run failures first, then the golden comparison.
struct ScenarioJudge {
    /// The package root goldens are found under.
    var root: String

    /// The verdict for `result`, recording goldens as `record` (`never`, `missing`, `failed`, `all`) allows.
    func verdict(for result: ScenarioResult, path: String, record: String) -> Verdict {
        Verdict(result: result, path: path)
    }
}

extension Verdict {
    /// The verdict of a run on its own: failed with its failures, or passed.
    init(result: ScenarioResult, path: String) {
        self.init(path: path, name: result.name, status: result.failures.isEmpty ? .passed : .failed)
        problems = result.failures.map { Problem($0.error) }
        notes = result.notes.map(\.error.description)
        invalid = result.failures.contains { $0.kind == .invalid }
    }
}
