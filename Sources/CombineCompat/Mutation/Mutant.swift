/// Where an operator was called in the team's code: `#fileID` (`Module/File.swift`), line and column of the call,
/// captured by defaulted parameters of CombineCompat's operator methods that no caller passes.
public struct CallSite: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` names it: `ExampleApp/SearchViewModel.swift`.
    public var file: String
    /// The line of the call, from 1.
    public var line: Int
    /// The column of the call, from 1.
    public var column: Int

    /// A call site.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `ExampleApp/SearchViewModel.swift:58:14`.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: CallSite, b: CallSite) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// An operator whose behaviour `rehearsal mutate` can change where it is called.
public enum MutationOperator: String, CaseIterable, Codable, Sendable, Comparable {
    case debounce, throttle, delay, timeout
    /// `Task.sleep(for:)` in a file that imports Combine (see `Task.sleep(for:tolerance:file:line:column:)`).
    case taskSleep
    case removeDuplicates, filter, compactMap, dropFirst, prefix, first, firstWhere
    case switchToLatest, flatMap, receiveOn, share
    case retry, replaceError, `catch`
    /// A failure a scenario scripts for a mock (its call site is the response in the scenario file).
    case mockFailure
    case mapBool, combineLatest

    /// The changes that apply to a call of this operator, in the order mutants are tried.
    public var changes: [MutationChange] {
        switch self {
        case .debounce, .throttle, .delay, .timeout: [.intervalZero, .intervalDoubled]
        case .taskSleep: [.intervalZero]
        case .removeDuplicates, .dropFirst, .prefix, .retry, .first, .firstWhere, .catch: [.passThrough]
        case .filter: [.passThrough, .dropAll]
        case .compactMap: [.dropAll]
        case .switchToLatest: [.mergeInner]
        case .flatMap: [.latestInner]
        case .receiveOn, .share: [.removed]
        case .replaceError: [.finishInstead]
        case .mockFailure: [.swallowed]
        case .mapBool: [.negated]
        case .combineLatest: [.zipped]
        }
    }

    /// How the team's code spells the operator: `removeDuplicates()`, `receive(on:)`.
    public var spelled: String {
        switch self {
        case .debounce: "debounce(for:scheduler:)"
        case .throttle: "throttle(for:scheduler:latest:)"
        case .delay: "delay(for:scheduler:)"
        case .timeout: "timeout(_:scheduler:)"
        case .taskSleep: "Task.sleep(for:)"
        case .removeDuplicates: "removeDuplicates()"
        case .filter: "filter(_:)"
        case .compactMap: "compactMap(_:)"
        case .dropFirst: "dropFirst(_:)"
        case .prefix: "prefix(_:)"
        case .first: "first()"
        case .firstWhere: "first(where:)"
        case .switchToLatest: "switchToLatest()"
        case .flatMap: "flatMap(maxPublishers:_:)"
        case .receiveOn: "receive(on:)"
        case .share: "share()"
        case .retry: "retry(_:)"
        case .replaceError: "replaceError(with:)"
        case .catch: "catch(_:)"
        case .mockFailure: "a mock's failure response"
        case .mapBool: "map(_:) to Bool"
        case .combineLatest: "combineLatest(_:)"
        }
    }

    public static func < (a: MutationOperator, b: MutationOperator) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// What a mutant does to its operator.
public enum MutationChange: String, CaseIterable, Codable, Sendable, Comparable {
    /// The interval (due time, delay, timeout) is zero.
    case intervalZero
    /// The interval is twice as long.
    case intervalDoubled
    /// Every element passes (the operator's filtering is gone); for `catch`, the failure goes downstream instead of
    /// the replacement publisher (the stream finishes where the downstream's failure type cannot hold it).
    case passThrough
    /// No element passes.
    case dropAll
    /// `switchToLatest` merges every inner publisher instead of cancelling the stale one.
    case mergeInner
    /// `flatMap` keeps only the latest inner publisher (cancels the earlier ones).
    case latestInner
    /// The operator is gone: `receive(on:)` delivers where upstream sends; `share()` subscribes upstream once per
    /// subscriber.
    case removed
    /// `replaceError(with:)` finishes at a failure instead of sending the replacement.
    case finishInstead
    /// A `Bool` the transform returns is negated.
    case negated
    /// A mock's scripted failure is swallowed the first time it answers: the response is recorded as scripted,
    /// and the call it answers then waits, never answered, until its task is cancelled.
    case swallowed
    /// `combineLatest` pairs its upstreams' values by index, as `zip` does, instead of combining the latest.
    case zipped

    public static func < (a: MutationChange, b: MutationChange) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// A call of an operator that a play reached.
public struct MutationPoint: Hashable, Comparable, Codable, Sendable {
    /// Where the operator was called.
    public var site: CallSite
    /// Which operator.
    public var `operator`: MutationOperator
    /// What the point is on, where the operator alone does not say: the mock key of a ``MutationOperator/mockFailure``
    /// (`SearchRepository.search`); nil for an operator call.
    public var subject: String?

    /// A point.
    public init(site: CallSite, operator: MutationOperator, subject: String? = nil) {
        self.site = site
        self.operator = `operator`
        self.subject = subject
    }

    /// How the report names the point's operator: its spelling, and the subject in backquotes when there is one
    /// (`a mock's failure response of `SearchRepository.search``).
    public var spelled: String {
        guard let subject else { return `operator`.spelled }
        return "\(`operator`.spelled) of `\(subject)`"
    }

    /// The mutants of this point, one per change that applies.
    public var mutants: [Mutant] { `operator`.changes.map { Mutant(point: self, change: $0) } }

    public static func < (a: MutationPoint, b: MutationPoint) -> Bool {
        (a.site, a.operator, a.subject ?? "") < (b.site, b.operator, b.subject ?? "")
    }
}

/// One change to one operator call: the mutant a play runs under.
public struct Mutant: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The call and its operator.
    public var point: MutationPoint
    /// What is changed.
    public var change: MutationChange

    /// A mutant.
    public init(point: MutationPoint, change: MutationChange) {
        self.point = point
        self.change = change
    }

    /// `ExampleApp/SearchViewModel.swift:58:14 removeDuplicates() passThrough`.
    public var description: String { "\(point.site) \(point.spelled) \(change.rawValue)" }

    public static func < (a: Mutant, b: Mutant) -> Bool { (a.point, a.change) < (b.point, b.change) }
}
