/// One problem (or note) for a person, in the house format, made from typed values and rendered in one place.
///
/// Every domain's error (``JSONError``, a scenario's findings, golden I/O, worker failures) turns into a
/// `Diagnostic`; only ``description`` (and ``headline``) make text of it:
/// ```
/// Scenarios/reviews/search.json:14:7: error: unknown input 'didTapSerch' for ViewModel 'StoreReviews'
///     {"at": "1s", "send": "didTapSerch"}
///                          ^
///   hint: did you mean 'didTapSearch'? Inputs: load, loadMore, didTapSearch, didTapClose
/// ```
public struct Diagnostic: Codable, Equatable, Sendable, CustomStringConvertible {
    /// How serious it is: an `error` fails, a `warning` or `note` does not.
    public enum Severity: String, Codable, Sendable, CaseIterable {
        /// Fails the scenario or the command.
        case error
        /// Worth attention; fails only under a strict option.
        case warning
        /// A remark that fails nothing.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// Where it is; `nil` when it is about no file.
    public var location: SourceLocation?
    /// The source line (or a window of it) with the caret's column, when the location has a line.
    public var excerpt: SourceExcerpt?
    /// What the message is about, before it (a decoding path such as `config.storeId`).
    public var subject: String?
    /// What is wrong, usually "expected X, found Y".
    public var message: String
    /// What to do about it, starting with a verb.
    public var hint: String?
    /// Where the file was referenced from with `$file`, innermost first.
    public var referencedFrom: [SourceLocation]
    /// Other places the problem is about, after the main one: the mock key of a call located at the step that made it,
    /// the glue code a crash stopped in. Nil when there are none.
    public var related: [RelatedLocation]?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error, location: SourceLocation? = nil, excerpt: SourceExcerpt? = nil,
        subject: String? = nil, message: String, hint: String? = nil, referencedFrom: [SourceLocation] = []
    ) {
        self.severity = severity
        self.location = location
        self.excerpt = excerpt
        self.subject = subject
        self.message = message
        self.hint = hint
        self.referencedFrom = referencedFrom
    }

    /// The first line: `path:line:column: error: subject: message`.
    public var headline: String {
        let place = location.map { "\($0): " } ?? ""
        let subject = self.subject.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(subject)\(message)"
    }

    /// The headline without its place and severity (`config.storeId: expected an integer, …`), for a line that shows
    /// them itself (an XCTest failure: `file:line: error: Test.method : …`).
    public var statement: String {
        let subject = self.subject.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return subject + message
    }

    /// The full rendering: headline, source excerpt with a caret, hint, and the `$file` references.
    public var description: String {
        ([headline] + details).joined(separator: "\n")
    }

    /// The lines after the headline: the source excerpt with its caret (and the rest of a value written over several
    /// lines), the hint, the `$file` references (for a report that shows the headline elsewhere, such as a summary
    /// table).
    public var details: [String] {
        var lines: [String] = []
        if let excerpt {
            lines.append(excerpt.text)
            lines.append(excerpt.caretLine)
            lines += excerpt.following
        }
        for place in related ?? [] { lines.append("  \(place.role): \(place.location)") }
        if let hint { lines.append("  hint: \(hint)") }
        for reference in referencedFrom { lines.append("  referenced from \(reference)") }
        return lines
    }

    /// This diagnostic with `location` as a further place it is about, named by `role`.
    public func relating(_ location: SourceLocation?, as role: String) -> Diagnostic {
        guard let location else { return self }
        var copy = self
        copy.related = (related ?? []) + [RelatedLocation(role: role, location: location)]
        return copy
    }

    /// This diagnostic as another severity (a finding of a `"strict": false` scenario is a note).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }
}

/// A further place a diagnostic is about, with what it is there (`mock key: Scenarios/a.json:5:5`).
public struct RelatedLocation: Codable, Equatable, Sendable {
    /// What the place is (`mock key`, `crashed in the glue at`).
    public var role: String
    /// Where.
    public var location: SourceLocation

    /// Creates a related location.
    public init(role: String, location: SourceLocation) {
        self.role = role
        self.location = location
    }
}

/// An error that has one rendering for people: its ``Diagnostic``.
public protocol DiagnosticConvertible: Error {
    /// The error as a diagnostic.
    var diagnostic: Diagnostic { get }
}
