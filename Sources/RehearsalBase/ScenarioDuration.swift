/// An exact span of virtual time in nanoseconds, written in scenarios as a string with a unit:
/// `"0ms"`, `"750us"`, `"250ms"`, `"1.5s"`, `"2m"` (units `ns`, `us`, `ms`, `s`, `m`, `h`).
///
/// The package's one duration type and one text form for time: scenario files, golden timelines, reports and
/// errors all write it with `description`, and a virtual instant is the `ScenarioDuration` elapsed since the
/// scenario's origin (its `nanoseconds` are the one integer representation of virtual time). Swift's `Duration`
/// appears only where a Swift API demands it (`Clock`, `Task.sleep`); convert with `init(_:)` and `duration`.
///
/// Parsing is exact decimal arithmetic (no floating point). Formatting picks the largest unit in which the
/// value is at least 1 and needs at most 3 fraction digits: 1500 ms is `"1.5s"`, 90 s is `"1.5m"`,
/// 61 s is `"61s"`, 1 ms is `"1ms"`, zero is `"0ms"`; every text it writes parses back to the same value.
///
/// ```swift
/// let delay = try ScenarioDuration(parsing: "1.5s")
/// delay.nanoseconds   // 1_500_000_000
/// delay.description   // "1.5s"
/// ```
public struct ScenarioDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in nanoseconds; never negative.
    public var nanoseconds: Int64

    /// Creates a duration of `nanoseconds` (clamped to zero or more).
    public init(nanoseconds: Int64) {
        self.nanoseconds = Swift.max(0, nanoseconds)
    }

    /// Zero.
    public static let zero = ScenarioDuration(nanoseconds: 0)

    /// The largest representable duration (about 292 years).
    public static let max = ScenarioDuration(nanoseconds: .max)

    /// `count` nanoseconds, clamped to zero or more.
    public static func nanoseconds(_ count: Int64) -> ScenarioDuration { ScenarioDuration(nanoseconds: count) }

    /// `count` microseconds, clamped to the representable range.
    public static func microseconds(_ count: Int64) -> ScenarioDuration { scaled(count, by: 1_000) }

    /// `count` milliseconds, clamped to the representable range.
    public static func milliseconds(_ count: Int64) -> ScenarioDuration { scaled(count, by: 1_000_000) }

    /// `count` seconds, clamped to the representable range.
    public static func seconds(_ count: Int64) -> ScenarioDuration { scaled(count, by: 1_000_000_000) }

    /// `count` minutes, clamped to the representable range.
    public static func minutes(_ count: Int64) -> ScenarioDuration { scaled(count, by: 60_000_000_000) }

    /// `count` hours, clamped to the representable range.
    public static func hours(_ count: Int64) -> ScenarioDuration { scaled(count, by: 3_600_000_000_000) }

    /// A Swift `Duration` in whole nanoseconds (rounded towards zero), clamped to `0...ScenarioDuration.max`.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds < 0) {
            self = .zero
            return
        }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self.init(nanoseconds: overflow || overflowSum ? .max : sum)
    }

    /// The same length as a Swift `Duration`, for `Clock` and `Task.sleep` APIs.
    public var duration: Duration { .nanoseconds(nanoseconds) }

    private static func scaled(_ count: Int64, by factor: Int64) -> ScenarioDuration {
        let (product, overflow) = count.multipliedReportingOverflow(by: factor)
        return ScenarioDuration(nanoseconds: overflow ? Int64.max : product)
    }

    /// The units in the order `description` tries them, largest first, with their length in nanoseconds.
    static let units: [(name: String, nanoseconds: UInt64)] = [
        ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000),
        ("us", 1_000), ("ns", 1),
    ]

    static let unitList = "ns, us, ms, s, m, h"

    /// Parses `"250ms"`, `"1.5s"` and the like.
    /// - Throws: `TextValueError` (without a location: the decoder or caller adds it) explaining what is wrong.
    public init(parsing text: String) throws(TextValueError) {
        var utf8 = text
        switch utf8.withUTF8({ Self.parse($0) }) {
        case .success(let nanoseconds): self.nanoseconds = nanoseconds
        case .failure(let problem): throw problem.error(for: text)
        }
    }

    /// What can be wrong with a duration string; turned into text only when it is.
    enum Problem: Error {
        case negative, noNumber, noFractionDigits, missingUnit(number: String), unknownUnit(number: String)
        case tooLong, tooFine

        func error(for text: String) -> TextValueError {
            let found = QuotedText.quoted(text)
            let units = ScenarioDuration.unitList
            switch self {
            case .negative:
                return TextValueError(
                    message: "expected a duration of zero or more, found \(found)", hint: "remove the '-'")
            case .noNumber:
                return TextValueError(
                    message: "expected a duration such as \"250ms\" or \"1.5s\", found \(found)",
                    hint: "write a number followed by one of the units \(units)")
            case .noFractionDigits:
                return TextValueError(
                    message: "expected digits after the '.', found \(found)", hint: "write it like \"1.5s\"")
            case .missingUnit(let number):
                return TextValueError(
                    message: "expected a unit after \(number), found \(found)",
                    hint: "add one of the units \(units), e.g. \"\(number)ms\"")
            case .unknownUnit(let number):
                return TextValueError(
                    message: "expected one of the units \(units), found \(found)",
                    hint: "use one of the units \(units), e.g. \"\(number)ms\"")
            case .tooLong:
                return TextValueError(
                    message: "expected a duration of at most \(Int64.max)ns (about 292 years), found \(found)",
                    hint: "write a shorter duration, e.g. \"24h\"")
            case .tooFine:
                return TextValueError(
                    message: "expected a duration in whole nanoseconds, found \(found)",
                    hint: "round it to whole nanoseconds, or use a smaller unit")
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The unit's length in nanoseconds for the unit name in `bytes`, or `nil`.
    private static func unitLength(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> UInt64? {
        var iterator = bytes.makeIterator()
        let first = iterator.next()
        let second = iterator.next()
        guard iterator.next() == nil else { return nil }
        switch (first, second) {
        case (UInt8(ascii: "h"), nil): return 3_600_000_000_000
        case (UInt8(ascii: "m"), nil): return 60_000_000_000
        case (UInt8(ascii: "s"), nil): return 1_000_000_000
        case (UInt8(ascii: "m"), UInt8(ascii: "s")): return 1_000_000
        case (UInt8(ascii: "u"), UInt8(ascii: "s")): return 1_000
        case (UInt8(ascii: "n"), UInt8(ascii: "s")): return 1
        default: return nil
        }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, Problem> {
        if bytes.first == UInt8(ascii: "-") { return .failure(.negative) }
        var position = 0
        var whole: UInt64 = 0
        var overflow = false
        while position < bytes.count, isDigit(bytes[position]) {
            let (times10, overflowA) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(bytes[position] &- UInt8(ascii: "0")))
            overflow = overflow || overflowA || overflowB
            whole = sum
            position += 1
        }
        guard position > 0 else { return .failure(.noNumber) }
        var fractionStart = position
        var fractionEnd = position
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            fractionStart = position + 1
            fractionEnd = fractionStart
            while fractionEnd < bytes.count, isDigit(bytes[fractionEnd]) { fractionEnd += 1 }
            guard fractionEnd > fractionStart else { return .failure(.noFractionDigits) }
            position = fractionEnd
        }
        let number = { String(decoding: UnsafeBufferPointer(rebasing: bytes[..<position]), as: UTF8.self) }
        guard position < bytes.count else { return .failure(.missingUnit(number: number())) }
        guard let unit = unitLength(bytes[position...]) else { return .failure(.unknownUnit(number: number())) }
        let (wholeNanos, overflowC) = whole.multipliedReportingOverflow(by: unit)
        guard !overflow, !overflowC else { return .failure(.tooLong) }
        while fractionEnd > fractionStart, bytes[fractionEnd - 1] == UInt8(ascii: "0") { fractionEnd -= 1 }
        var fractionNanos: UInt64 = 0
        if fractionEnd > fractionStart {
            guard fractionEnd - fractionStart <= 18 else { return .failure(.tooFine) }
            var numerator: UInt64 = 0
            var denominator: UInt64 = 1
            for index in fractionStart..<fractionEnd {
                numerator = numerator * 10 + UInt64(bytes[index] &- UInt8(ascii: "0"))
                denominator *= 10
            }
            // numerator < denominator, so the quotient is below `unit` and cannot overflow.
            let (quotient, remainder) = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: unit))
            guard remainder == 0 else { return .failure(.tooFine) }
            fractionNanos = quotient
        }
        let (total, overflowTotal) = wholeNanos.addingReportingOverflow(fractionNanos)
        guard !overflowTotal, let exact = Int64(exactly: total) else { return .failure(.tooLong) }
        return .success(exact)
    }

    /// The duration in its most natural unit, e.g. `"1.5s"`; parsing it gives back the same duration.
    public var description: String {
        guard nanoseconds > 0 else { return "0ms" }
        let value = UInt64(nanoseconds)
        for unit in Self.units where value >= unit.nanoseconds {
            let whole = value / unit.nanoseconds
            let remainder = value % unit.nanoseconds
            if remainder == 0 { return "\(whole)\(unit.name)" }
            // At most 3 fraction digits: the remainder must be a whole number of thousandths of the unit.
            guard unit.nanoseconds % 1000 == 0, remainder % (unit.nanoseconds / 1000) == 0 else { continue }
            var digits = String(remainder / (unit.nanoseconds / 1000))
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            return "\(whole).\(digits)\(unit.name)"
        }
        return "\(value)ns"
    }

    /// Orders by length.
    public static func < (lhs: ScenarioDuration, rhs: ScenarioDuration) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The sum, clamped at the largest representable duration.
    public static func + (lhs: ScenarioDuration, rhs: ScenarioDuration) -> ScenarioDuration {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return ScenarioDuration(nanoseconds: overflow ? Int64.max : sum)
    }

    /// The difference, clamped at zero (`rhs` longer than `lhs` gives `zero`).
    public static func - (lhs: ScenarioDuration, rhs: ScenarioDuration) -> ScenarioDuration {
        ScenarioDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
}

extension ScenarioDuration: Codable {
    /// Reads the string form, e.g. `"250ms"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            let found = (decoder as? any ValueKindDescribing)?.valueKindDescription ?? "another kind of value"
            throw TextValueError(
                message: "expected a duration string such as \"250ms\", found \(found)",
                hint: "write the duration as a string with a unit, e.g. \"250ms\"")
        }
        try self.init(parsing: text)
    }

    /// Writes the string form, e.g. `"1.5s"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
