import ScenarioJSON

/// How many findings of one kind a text for people shows in full: a flood (100,000 unused responses, 10,000 unknown
/// keys) prints the first ``perKind`` of each kind, then one line counting the rest and saying where they are.
///
/// Text for people (the console, `validate`, Markdown, GitHub annotations, the HTML report, a test failure) is
/// limited; what machines read (`--reporter json`, JUnit) keeps every finding.
/// ```
/// Scenarios/big.json:24:5: error: scripted response 19 for Numbers.fetch was not used (1 use left)
///     {"return": 19},
///     ^
///   hint: remove it, or find out why the ViewModel called Numbers.fetch only 1 time
/// … and 99980 more end-check findings, at Scenarios/big.json lines 25–100004 (--reporter json or junit lists every one)
/// ```
public struct FindingLimit: Equatable, Sendable {
    /// The most findings of one kind shown in full.
    public var perKind: Int
    /// Where every finding can be read, named at the end of each counting line (`--reporter json or junit lists
    /// every one`).
    public var elsewhere: String?

    /// Creates a limit.
    public init(perKind: Int, elsewhere: String? = nil) {
        self.perKind = max(1, perKind)
        self.elsewhere = elsewhere
    }

    /// Twenty of each kind.
    public static let standard = FindingLimit(perKind: 20)

    /// The most files a counting line names (then `and 3 more files`).
    static let namedFiles = 3

    /// The findings shown in full, in their order, and one counting line per kind that had more than ``perKind``
    /// (in the order each kind first overflowed).
    /// - Complexity: O(n) for n findings.
    public func summarise(_ findings: [Finding]) -> (shown: [Finding], rest: [String]) {
        var counts: [Finding.Kind: Int] = [:]
        var hidden: [Finding.Kind: Hidden] = [:]
        var order: [Finding.Kind] = []
        var shown: [Finding] = []
        for finding in findings {
            let count = counts[finding.kind, default: 0]
            counts[finding.kind] = count + 1
            guard count >= perKind else {
                shown.append(finding)
                continue
            }
            if hidden[finding.kind] == nil { order.append(finding.kind) }
            hidden[finding.kind, default: Hidden()].add(finding.diagnostic.location)
        }
        let rest = order.compactMap { kind in hidden[kind].map { line(kind, $0) } }
        return (shown, rest)
    }

    /// The findings not shown of one kind: how many, and the lines they are at, per file in first-seen order.
    private struct Hidden {
        var count = 0
        var files: [String] = []
        var seen: Set<String> = []
        var lines: [String: ClosedRange<Int>] = [:]

        mutating func add(_ location: SourceLocation?) {
            count += 1
            guard let path = location?.path else { return }
            if seen.insert(path).inserted { files.append(path) }
            guard let line = location?.line else { return }
            lines[path] = lines[path].map { min($0.lowerBound, line)...max($0.upperBound, line) } ?? line...line
        }
    }

    private func line(_ kind: Finding.Kind, _ hidden: Hidden) -> String {
        let places = hidden.files.prefix(Self.namedFiles).map { path in
            guard let range = hidden.lines[path] else { return path }
            let lines =
                range.lowerBound == range.upperBound
                ? "line \(range.lowerBound)" : "lines \(range.lowerBound)–\(range.upperBound)"
            return "\(path) \(lines)"
        }
        var text = "… and \(hidden.count) more \(kind.plural)"
        if !places.isEmpty {
            text += ", at " + places.joined(separator: ", ")
            let more = hidden.files.count - places.count
            if more > 0 { text += " and \(more) more file\(more == 1 ? "" : "s")" }
        }
        if let elsewhere { text += " (\(elsewhere))" }
        return text
    }
}

extension Finding.Kind {
    /// What findings of this kind are called in a line that counts them (`end-check findings`).
    public var plural: String {
        switch self {
        case .invalid: "mistakes in the file"
        case .input: "input findings"
        case .mock: "mock findings"
        case .factory: "factory failures"
        case .runaway: "runaway findings"
        case .endCheck: "end-check findings"
        case .property: "property violations"
        case .golden: "golden findings"
        case .crashed: "crash findings"
        case .timedOut: "timeout findings"
        case .interrupted: "interruption findings"
        case .environment: "environment notes"
        case .mainThread: "main-thread findings"
        case .nondeterministic: "differences between two runs"
        }
    }
}
