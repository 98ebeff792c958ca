import ScenarioJSON
import VirtualTime

/// Which step of a scenario something is about, as a value: its index in `steps` and where its object starts in
/// the scenario file (file, line and column).
///
/// Findings, divergences and crash reports carry it, so a reporter, an XCTest issue or the HTML report points at
/// the step without reading it back from text:
/// ```swift
/// let step = scenario.stepReference(2)
/// step?.description   // "step 2 (Scenarios/search/error.json:14)"
/// ```
public struct StepReference: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The step's index in the scenario's `steps` (0-based, file order).
    public var index: Int
    /// Where the step's object starts (`{` of the step).
    public var location: SourceLocation

    /// Creates a reference.
    public init(index: Int, location: SourceLocation) {
        self.index = index
        self.location = location
    }

    /// `step 2 (Scenarios/a.json:14)`.
    public var description: String {
        "step \(index) (\(location.path ?? "<input>")\(location.line.map { ":\($0)" } ?? ""))"
    }
}

extension Scenario {
    /// The reference to the step at `index`, or `nil` when there is no such step.
    public func stepReference(_ index: Int) -> StepReference? {
        guard steps.indices.contains(index) else { return nil }
        let pointer = steps[index].pointer
        let location = document.location(of: pointer) ?? SourceLocation(path: document.path)
        return StepReference(index: index, location: location)
    }

    /// A diagnostic located at the step at `index`, quoting the whole step however many lines it is written over
    /// (a few, then `…`); at the scenario's `viewModel` when there is no such step.
    public func diagnostic(atStep index: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        guard steps.indices.contains(index) else {
            return document.diagnostic(at: JSONPointer.root.appending("viewModel"), message, hint: hint)
        }
        return document.diagnostic(at: steps[index].pointer, message, hint: hint, wholeValue: true)
    }

    /// The step a piece of work is attributed to, when it is a step.
    public func stepReference(for cause: WorkCause?) -> StepReference? {
        cause?.stepIndex.flatMap(stepReference)
    }
}
