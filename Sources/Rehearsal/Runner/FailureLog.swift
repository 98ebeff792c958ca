import CombineCompat
import Foundation
import ScenarioJSON

/// One thing that went wrong in a scenario run, located in the scenario file where possible.
public struct ScenarioFailure: Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable {
        /// The scenario does not fit the catalog (unknown ViewModel, input, mock).
        case invalid
        /// A step's value could not be delivered (wrong type, missing value).
        case input
        /// A mock call had no usable response, or a scripted body did not decode.
        case mock
        /// The ViewModel's factory threw.
        case factory
        /// The virtual timeline hit a limit (runaway timer, task that never settles).
        case runaway
        /// An end-of-scenario check found leftover work, unused responses or a leaked ViewModel.
        case endCheck
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The located message.
    public var error: JSONError

    public var description: String { error.description }
}

/// Collects failures from every part of a run (thread-safe; all of a run happens in one order anyway).
final class FailureLog: @unchecked Sendable {
    private let lock = _Lock()
    private var failures: [ScenarioFailure] = []

    func add(_ kind: ScenarioFailure.Kind, _ error: JSONError) {
        lock.withLock { failures.append(ScenarioFailure(kind: kind, error: error)) }
    }

    var all: [ScenarioFailure] { lock.withLock { failures } }
}
