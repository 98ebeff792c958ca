import ScenarioJSON

/// One difference inside an event the run has in a changed form: a value changed, a member or element added or
/// removed, or an element moved within its array.
///
/// Paths name the run's value (`changed`, `added`, `moved`: where the element is now) or the golden's
/// (`removed`; `from` for `moved`: where it was):
/// ```
/// value[0].name: - "Kim" + "Tomás"
/// value[3]: + {"id": 6, "name": "Ana"} (inserted)
/// value[1]: - {"id": 2, "name": "Lee"} (removed)
/// value[0]: {"id": 4, "name": "Tomás"} moved from value[3]
/// ```
public struct ValueChange: Codable, Equatable, Sendable {
    /// What happened to the value.
    public enum Kind: String, Codable, Sendable {
        /// The value at `path` is `expected` in the golden and `actual` in the run.
        case changed
        /// The run has `actual` at `path` (a member or an inserted element) where the golden has nothing.
        case added
        /// The golden has `expected` at `path`, which the run does not have.
        case removed
        /// The element `expected` (equal in both) is at `path` in the run and was at `from` in the golden.
        case moved
    }

    /// What happened to the value.
    public var kind: Kind
    /// Where the value is: in the run, or in the golden for `removed`.
    public var path: ValuePath
    /// For `moved`, where the element was in the golden.
    public var from: ValuePath?
    /// The golden's value (`changed`, `removed`, `moved`).
    public var expected: JSONValue?
    /// The run's value (`changed`, `added`).
    public var actual: JSONValue?

    /// Creates a change.
    public init(
        _ kind: Kind, path: ValuePath, from: ValuePath? = nil, expected: JSONValue? = nil, actual: JSONValue? = nil
    ) {
        self.kind = kind
        self.path = path
        self.from = from
        self.expected = expected
        self.actual = actual
    }

    /// The change for people: `value[0].name: - "Kim" + "Tomás"`, `value[3]: + 6 (inserted)`,
    /// `value[1]: - 2 (removed)`, `value[0]: 4 moved from value[3]`.
    public var line: String {
        let writer = JSONWriter(style: .spaced)
        let text = { (value: JSONValue?) in value.map { writer.string($0) } ?? "null" }
        switch kind {
        case .changed: return "\(path): - \(text(expected)) + \(text(actual))"
        case .added: return "\(path): + \(text(actual)) (\(path.isElement ? "inserted" : "added"))"
        case .removed: return "\(path): - \(text(expected)) (removed)"
        case .moved: return "\(path): \(text(expected)) moved from \(from.map(\.description) ?? "elsewhere")"
        }
    }
}
