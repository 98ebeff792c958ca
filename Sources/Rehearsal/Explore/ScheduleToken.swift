import CombineCompat
import ScenarioJSON

/// A replay token: which schedule of which scenario, as text that survives a shell and a CI log
/// (`x1.5f3a9c21.4-2.11-1`).
///
/// A run of a scenario meets a sequence of choice points (the order of same-instant work, a response's latency, a
/// step before same-instant work); each has options, option 0 being the default order. A token lists the choice
/// points where another option was taken (`position-option`), so replaying it forces exactly those options and the
/// default everywhere else. Everything else in a run is deterministic, so a replay plays the same schedule every
/// time. A generated token (`x1.5f3a9c21.pct3-7-42`) names schedule 42 of a seeded strategy instead.
///
/// The fingerprint ties the token to the scenario's content (its `description`, `knownIssue` and `schedule` aside):
/// a token for another version of the file is refused rather than replayed into a different schedule.
public struct ScheduleToken: Equatable, Sendable, CustomStringConvertible {
    /// One choice point where a non-default option was taken.
    public struct Deviation: Equatable, Hashable, Sendable, Codable {
        /// The choice point's position in the run (0 is the first choice point).
        public var position: Int
        /// The option taken (1 or more; 0 is the default).
        public var option: Int

        /// Creates a deviation.
        public init(position: Int, option: Int) {
            self.position = position
            self.option = option
        }
    }

    /// How the schedule is given.
    public enum Plan: Equatable, Sendable {
        /// The non-default options, by position (ascending).
        case choices([Deviation])
        /// Schedule `index` (1 is the first after the default order) of a seeded strategy.
        case generated(GeneratedStrategy, seed: UInt64, index: Int)
    }

    /// A strategy whose schedules a seed determines.
    public enum GeneratedStrategy: Equatable, Sendable {
        /// A uniformly random option at every choice point.
        case random
        /// Probabilistic concurrency testing with bug depth `depth`.
        case pct(depth: Int)
    }

    /// The scenario's fingerprint (see `Scenario.fingerprint`).
    public var fingerprint: UInt32
    /// The schedule.
    public var plan: Plan

    /// Creates a token.
    public init(fingerprint: UInt32, plan: Plan) {
        self.fingerprint = fingerprint
        self.plan = plan
    }

    /// The fingerprint as 8 hexadecimal digits.
    public var fingerprintText: String { Self.hex(fingerprint) }

    /// `x1.<fingerprint>` then the plan.
    public var description: String {
        var text = "x1." + fingerprintText
        switch plan {
        case .choices(let deviations):
            for deviation in deviations { text += ".\(deviation.position)-\(deviation.option)" }
        case .generated(.random, let seed, let index):
            text += ".random-\(seed)-\(index)"
        case .generated(.pct(let depth), let seed, let index):
            text += ".pct\(depth)-\(seed)-\(index)"
        }
        return text
    }

    /// Reads a token's text, exactly as ``description`` writes it (lowercase hexadecimal, numbers without a sign or
    /// leading zeros), so that one schedule has one text.
    /// - Throws: `JSONError` saying what was expected.
    public init(parsing text: String) throws(JSONError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let example = "expected a replay token such as x1.5f3a9c21.4-2.11-1, found \(JSONWriter.quoted(text))"
        let hint = "copy the token that explore printed on its 'replay:' line"
        guard parts.count >= 2, parts[0] == "x1", let fingerprint = Self.fingerprint(parts[1]) else {
            throw JSONError(message: example, hint: hint)
        }
        self.fingerprint = fingerprint
        let rest = Array(parts.dropFirst(2))
        if rest.count == 1, let generated = Self.generated(rest[0]) {
            plan = generated
            return
        }
        var deviations: [Deviation] = []
        for part in rest {
            let pair = part.split(separator: "-", omittingEmptySubsequences: false)
            guard pair.count == 2, let position: Int = Self.number(pair[0]), let option: Int = Self.number(pair[1]),
                option >= 1,
                deviations.last.map({ $0.position < position }) ?? true
            else { throw JSONError(message: example, hint: hint) }
            deviations.append(Deviation(position: position, option: option))
        }
        plan = .choices(deviations)
    }

    private static func generated(_ part: String) -> Plan? {
        let fields = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3, let seed: UInt64 = number(fields[1]), let index: Int = number(fields[2]), index >= 1
        else { return nil }
        if fields[0] == "random" { return .generated(.random, seed: seed, index: index) }
        guard fields[0].hasPrefix("pct"), let depth: Int = number(fields[0].dropFirst(3)), depth >= 1 else {
            return nil
        }
        return .generated(.pct(depth: depth), seed: seed, index: index)
    }

    /// Eight lowercase hexadecimal digits.
    private static func fingerprint(_ text: String) -> UInt32? {
        let isDigit = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        guard text.utf8.count == 8, text.utf8.allSatisfy(isDigit) else { return nil }
        return UInt32(text, radix: 16)
    }

    /// A decimal number as ``description`` writes it: digits only, without a leading zero (but `0` itself).
    private static func number<Number: FixedWidthInteger>(_ text: some StringProtocol) -> Number? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0") || text.utf8.count == 1,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Number(text)
    }

    /// A 32-bit value as 8 lowercase hexadecimal digits.
    public static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

extension Scenario {
    /// The keys that do not change what a run does, so a token survives edits to them.
    static let unfingerprintedKeys: Set<String> = ["description", "knownIssue", "schedule"]

    /// A 32-bit FNV-1a hash of the scenario's content as loaded (`$file` references resolved), without
    /// `description`, `knownIssue` and `schedule`: replay tokens carry it.
    public var fingerprint: UInt32 {
        var root = document.root
        if case .object(let object) = root {
            var kept = JSONObject()
            for (key, value) in object where !Self.unfingerprintedKeys.contains(key) { kept[key] = value }
            root = .object(kept)
        }
        return FNV1a.hash32(JSONWriter(style: .compact).bytes(root))
    }
}

extension ScheduleToken: Codable {
    /// Reads a token written as its text (``description``), as results files and the worker protocol carry it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Writes the token's text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
