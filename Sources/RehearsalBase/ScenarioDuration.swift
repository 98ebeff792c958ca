/// An exact span of virtual time in nanoseconds, written in scenarios as a string with a unit:
/// `"0ms"`, `"750us"`, `"250ms"`, `"1.5s"`, `"2m"` (units `ns`, `us`, `ms`, `s`, `m`, `h`), or in parts, hours and
/// minutes first: `"1m30s"`, `"1h05m00.250s"`.
///
/// The package's one duration type and one text form for time: scenario files, golden timelines, reports and
/// errors all write it with `description`, and a virtual instant is the `ScenarioDuration` elapsed since the
/// scenario's origin (its `nanoseconds` are the one integer representation of virtual time). Swift's `Duration`
/// appears only where a Swift API demands it (`Clock`, `Task.sleep`); convert with `init(_:)` and `duration`.
///
/// Parsing is exact decimal arithmetic (no floating point). Formatting has one fixed form for every magnitude, so
/// that times in a timeline, in its diff and in a report compare at a glance: seconds with three decimals, after
/// whole minutes and hours when there are any, each part after the first two digits wide (`"0.000s"`, `"0.300s"`,
/// `"12.050s"`, `"12m00.005s"`, `"1h00m00.250s"`, `"2562047h47m16.854775807s"`); six or nine decimals only for a
/// time finer than a millisecond (`"0.000750s"`). Every text it writes parses back to the same value.
///
/// ```swift
/// let delay = try ScenarioDuration(parsing: "1.5s")
/// delay.nanoseconds   // 1_500_000_000
/// delay.description   // "1.500s"
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

    static let unitList = "ns, us, ms, s, m, h"

    private static let nanosecondsPerSecond: UInt64 = 1_000_000_000
    private static let nanosecondsPerMinute: UInt64 = 60_000_000_000
    private static let nanosecondsPerHour: UInt64 = 3_600_000_000_000

    /// Parses `"250ms"`, `"1.5s"`, `"1m30s"`, `"1h05m00.250s"` and the like.
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
        case tooLong, tooFine, partOrder, fractionBeforeLastPart

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
                    message: "expected a duration of at most \(ScenarioDuration.max) (\(Int64.max)ns, about 292 "
                        + "years), found \(found)",
                    hint: "write a shorter duration, e.g. \"24h\"")
            case .tooFine:
                return TextValueError(
                    message: "expected a duration in whole nanoseconds, found \(found)",
                    hint: "round it to whole nanoseconds, or use a smaller unit")
            case .partOrder:
                return TextValueError(
                    message: "expected the parts of a duration largest first, hours and minutes before the last "
                        + "(such as \"1h05m30.250s\"), found \(found)",
                    hint: "write each unit once, hours, then minutes, then one part in any smaller unit")
            case .fractionBeforeLastPart:
                return TextValueError(
                    message: "expected whole hours and minutes before the last part of a duration, found \(found)",
                    hint: "write a fraction only in the last part, e.g. \"1h30m\" or \"1.5h\"")
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
        case (UInt8(ascii: "h"), nil): return nanosecondsPerHour
        case (UInt8(ascii: "m"), nil): return nanosecondsPerMinute
        case (UInt8(ascii: "s"), nil): return nanosecondsPerSecond
        case (UInt8(ascii: "m"), UInt8(ascii: "s")): return 1_000_000
        case (UInt8(ascii: "u"), UInt8(ascii: "s")): return 1_000
        case (UInt8(ascii: "n"), UInt8(ascii: "s")): return 1
        default: return nil
        }
    }

    /// The nanoseconds of `bytes`: one part (`"1.5s"`), or parts largest first, whole hours and minutes before the
    /// last (`"1h05m00.250s"`).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, Problem> {
        if bytes.first == UInt8(ascii: "-") { return .failure(.negative) }
        var position = 0
        var total: UInt64 = 0
        var previousUnit = UInt64.max
        var previousHadFraction = false
        repeat {
            if previousHadFraction { return .failure(.fractionBeforeLastPart) }
            switch part(bytes, from: position) {
            case .failure(let problem): return .failure(problem)
            case .success(let part):
                // Only whole hours and minutes come before the last part, each unit smaller than the one before.
                guard part.unit < previousUnit,
                    part.end == bytes.count || part.unit == nanosecondsPerHour || part.unit == nanosecondsPerMinute
                else { return .failure(.partOrder) }
                let (sum, overflow) = total.addingReportingOverflow(part.nanoseconds)
                guard !overflow else { return .failure(.tooLong) }
                total = sum
                previousUnit = part.unit
                previousHadFraction = part.hasFraction
                position = part.end
            }
        } while position < bytes.count
        guard let exact = Int64(exactly: total) else { return .failure(.tooLong) }
        return .success(exact)
    }

    /// One part of a duration: a number and its unit, starting at `start`.
    private struct Part {
        var nanoseconds: UInt64
        var unit: UInt64
        var hasFraction: Bool
        var end: Int
    }

    private static func part(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Part, Problem> {
        var position = start
        var whole: UInt64 = 0
        var overflow = false
        while position < bytes.count, isDigit(bytes[position]) {
            let (times10, overflowA) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(bytes[position] &- UInt8(ascii: "0")))
            overflow = overflow || overflowA || overflowB
            whole = sum
            position += 1
        }
        guard position > start else { return .failure(.noNumber) }
        var fractionStart = position
        var fractionEnd = position
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            fractionStart = position + 1
            fractionEnd = fractionStart
            while fractionEnd < bytes.count, isDigit(bytes[fractionEnd]) { fractionEnd += 1 }
            guard fractionEnd > fractionStart else { return .failure(.noFractionDigits) }
            position = fractionEnd
        }
        let hasFraction = fractionEnd > fractionStart
        let number = { String(decoding: UnsafeBufferPointer(rebasing: bytes[..<position]), as: UTF8.self) }
        guard position < bytes.count else { return .failure(.missingUnit(number: number())) }
        // The unit runs up to the next part's number (or the end).
        var unitEnd = position
        while unitEnd < bytes.count, !isDigit(bytes[unitEnd]), bytes[unitEnd] != UInt8(ascii: ".") { unitEnd += 1 }
        guard let unit = unitLength(bytes[position..<unitEnd]) else {
            return .failure(.unknownUnit(number: number()))
        }
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
        let (sum, overflowSum) = wholeNanos.addingReportingOverflow(fractionNanos)
        guard !overflowSum else { return .failure(.tooLong) }
        return .success(Part(nanoseconds: sum, unit: unit, hasFraction: hasFraction, end: unitEnd))
    }

    /// The duration in the one fixed form (`"0.300s"`, `"12m00.005s"`, `"1h00m00.250s"`); parsing it gives back the
    /// same duration.
    public var description: String {
        let value = UInt64(nanoseconds)
        let hours = value / Self.nanosecondsPerHour
        let minutes = value % Self.nanosecondsPerHour / Self.nanosecondsPerMinute
        let seconds = value % Self.nanosecondsPerMinute / Self.nanosecondsPerSecond
        let fraction = value % Self.nanosecondsPerSecond
        // Three decimals, or six or nine for a time finer than a millisecond or a microsecond.
        let decimals =
            fraction % 1_000_000 == 0
            ? (String(fraction / 1_000_000), 3)
            : fraction % 1_000 == 0 ? (String(fraction / 1_000), 6) : (String(fraction), 9)
        let digits = String(repeating: "0", count: decimals.1 - decimals.0.count) + decimals.0
        func padded(_ number: UInt64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        if hours > 0 { return "\(hours)h\(padded(minutes))m\(padded(seconds)).\(digits)s" }
        if minutes > 0 { return "\(minutes)m\(padded(seconds)).\(digits)s" }
        return "\(seconds).\(digits)s"
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

    /// Writes the string form, e.g. `"1.500s"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
