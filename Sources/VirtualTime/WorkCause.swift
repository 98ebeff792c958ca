/// What a piece of work on the timeline is attributed to: the part of the script that started it, directly or
/// through the timers, tasks and jobs that work scheduled in turn.
///
/// It travels as a value, so a report can point at the step (`.step(3)` is the step at index 3 of the scenario's
/// `steps`) without reading it back from text; `description` is only for people (`step 3`).
///
/// ```swift
/// try timeline.withCause(.step(3)) {
///     viewModel.input.load.send()
///     try timeline.settle()
/// }
/// timeline.pendingWork().unfinishedTaskCauses   // [.step(3)] while a task it started is still suspended
/// ```
public enum WorkCause: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// Building the ViewModel, subscribing to it and binding it, before the first step.
    case setup
    /// The step at this index of the script (0-based, in file order).
    case step(Int)
    /// Releasing the ViewModel after the last step (its `deinit` and what that cancels).
    case teardown
    /// Any other label a driver of the timeline chooses (tests, benchmarks).
    case named(String)

    /// A named cause: `"warm-up"` is `.named("warm-up")`.
    public init(stringLiteral value: String) {
        self = .named(value)
    }

    /// `setup`, `step 3`, `teardown`, or the name.
    public var description: String {
        switch self {
        case .setup: "setup"
        case .step(let index): "step \(index)"
        case .teardown: "teardown"
        case .named(let name): name
        }
    }

    /// Script order: setup, then the steps by index, then teardown; named causes last, by name.
    public static func < (lhs: WorkCause, rhs: WorkCause) -> Bool {
        switch (lhs, rhs) {
        case (.step(let left), .step(let right)): left < right
        case (.named(let left), .named(let right)): left < right
        default: lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .setup: 0
        case .step: 1
        case .teardown: 2
        case .named: 3
        }
    }

    /// The step index, for `.step`.
    public var stepIndex: Int? {
        if case .step(let index) = self { return index }
        return nil
    }
}

extension WorkCause: Codable {
    private enum CodingKeys: String, CodingKey {
        case step, named
    }

    /// `"setup"`, `"teardown"`, `{"step": 3}` or `{"named": "warm-up"}`. The object forms are tried first: most
    /// events of a timeline are caused by steps, and a form that does not fit costs a thrown error.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingKeys.self) {
            if let index = try container.decodeIfPresent(Int.self, forKey: .step) {
                self = .step(index)
            } else {
                self = .named(try container.decode(String.self, forKey: .named))
            }
            return
        }
        let single = try decoder.singleValueContainer()
        switch try? single.decode(String.self) {
        case "setup": self = .setup
        case "teardown": self = .teardown
        default:
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "expected \"setup\", \"teardown\", {\"step\": n} or {\"named\": s}")
        }
    }

    /// Writes the form ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .setup:
            var single = encoder.singleValueContainer()
            try single.encode("setup")
        case .teardown:
            var single = encoder.singleValueContainer()
            try single.encode("teardown")
        case .step(let index):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .step)
        case .named(let name):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .named)
        }
    }
}
