/// An exact instant on the wall clock, in nanoseconds since 1970-01-01T00:00:00Z, written in scenarios as an
/// RFC 3339 date and time: `"2026-01-01T09:00:00Z"`, `"2026-01-01T10:00:00.250+01:00"`.
///
/// A scenario's `"clock": {"now": …}` is one: what `Date()` reads when the scenario starts. Parsing is exact (up
/// to nine fraction digits, no floating point); `description` writes the instant in UTC with the fraction it
/// needs, and parses back to the same value.
///
/// ```swift
/// let start = try ScenarioTimestamp(parsing: "2026-01-01T10:00:00+01:00")
/// start.description            // "2026-01-01T09:00:00Z"
/// start.nanosecondsSince1970   // 1_767_258_000_000_000_000
/// ```
public struct ScenarioTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01T00:00:00Z; never negative.
    public var nanosecondsSince1970: Int64

    /// Creates the instant `nanosecondsSince1970` after 1970-01-01T00:00:00Z (clamped to zero or more).
    public init(nanosecondsSince1970: Int64) {
        self.nanosecondsSince1970 = max(0, nanosecondsSince1970)
    }

    /// The wall clock at the start of a scenario without a `clock`: 2026-01-01T09:00:00Z.
    public static let defaultScenarioStart = ScenarioTimestamp(nanosecondsSince1970: 1_767_258_000_000_000_000)

    /// The years a timestamp may fall in.
    static let years = 1970...2200

    private static let example = "\"2026-01-01T09:00:00Z\""

    /// Parses an RFC 3339 date and time with a time zone (`Z` or `±HH:MM`).
    /// - Throws: `TextValueError` (without a location: the caller adds it) saying what is wrong.
    public init(parsing text: String) throws(TextValueError) {
        let bytes = Array(text.utf8)
        let found = QuotedText.quoted(text)
        let form = "write it as YYYY-MM-DDTHH:MM:SSZ (RFC 3339), e.g. \(Self.example)"
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        guard let year = number(0, 4), byte(4) == UInt8(ascii: "-"), let month = number(5, 2),
            byte(7) == UInt8(ascii: "-"), let day = number(8, 2), byte(10) == UInt8(ascii: "T") || byte(10) == 0x74,
            let hour = number(11, 2), byte(13) == UInt8(ascii: ":"), let minute = number(14, 2),
            byte(16) == UInt8(ascii: ":"), let second = number(17, 2)
        else {
            throw TextValueError(
                message: "expected a date and time such as \(Self.example), found \(found)", hint: form)
        }
        var position = 19
        var fraction: Int64 = 0
        if byte(position) == UInt8(ascii: ".") {
            var digits = 0
            position += 1
            while let digit = byte(position), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                guard digits < 9 else {
                    throw TextValueError(
                        message: "expected at most 9 fraction digits (nanoseconds), found \(found)",
                        hint: "round the seconds to whole nanoseconds")
                }
                fraction = fraction * 10 + Int64(digit - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0 else {
                throw TextValueError(message: "expected digits after the '.', found \(found)", hint: form)
            }
            for _ in digits..<9 { fraction *= 10 }
        }
        var offsetSeconds = 0
        switch byte(position) {
        case UInt8(ascii: "Z"), 0x7A:
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(position + 1, 2), byte(position + 3) == UInt8(ascii: ":"),
                let minutes = number(position + 4, 2), hours < 24, minutes < 60
            else {
                throw TextValueError(
                    message: "expected a time zone offset such as +01:00, found \(found)",
                    hint: "write the offset as ±HH:MM, or use Z for UTC")
            }
            offsetSeconds = (hours * 3600 + minutes * 60) * (byte(position) == UInt8(ascii: "+") ? 1 : -1)
            position += 6
        default:
            throw TextValueError(
                message: "expected a time zone ('Z' or an offset such as +01:00) after the time, found \(found)",
                hint: "add Z for UTC, e.g. \(Self.example)")
        }
        guard position == bytes.count else {
            throw TextValueError(
                message: "expected a date and time such as \(Self.example), found \(found)", hint: form)
        }
        guard Self.years.contains(year) else {
            throw TextValueError(
                message: "expected a year from \(Self.years.lowerBound) to \(Self.years.upperBound), found \(found)",
                hint: "use a date in that range, e.g. \(Self.example)")
        }
        let days = Self.daysInMonth(month, of: year)
        guard (1...12).contains(month), (1...max(days, 1)).contains(day), hour < 24, minute < 60, second < 60 else {
            let detail = (1...12).contains(month) && day > days ? " (that month has \(days) days)" : ""
            throw TextValueError(
                message: "expected a valid date and time, found \(found)\(detail)",
                hint: "months run 01-12, hours 00-23, minutes and seconds 00-59")
        }
        let seconds =
            Int64(Self.daysSince1970(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        self.init(nanosecondsSince1970: seconds * 1_000_000_000 + fraction)
    }

    /// The instant in UTC, e.g. `2026-01-01T09:00:00Z` or `2026-01-01T09:00:00.25Z`.
    public var description: String {
        let seconds = nanosecondsSince1970 / 1_000_000_000
        let fraction = nanosecondsSince1970 % 1_000_000_000
        let (year, month, day) = Self.civilDate(daysSince1970: Int(seconds / 86_400))
        let time = Int(seconds % 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))"
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Orders by instant.
    public static func < (lhs: ScenarioTimestamp, rhs: ScenarioTimestamp) -> Bool {
        lhs.nanosecondsSince1970 < rhs.nanosecondsSince1970
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (year ≥ 1970).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        var days = 0
        for earlier in 1970..<year { days += isLeap(earlier) ? 366 : 365 }
        for earlier in 1..<month { days += daysInMonth(earlier, of: year) }
        return days + day - 1
    }

    /// The date `days` after 1970-01-01.
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        var left = days
        var year = 1970
        while left >= (isLeap(year) ? 366 : 365) {
            left -= isLeap(year) ? 366 : 365
            year += 1
        }
        var month = 1
        while left >= daysInMonth(month, of: year) {
            left -= daysInMonth(month, of: year)
            month += 1
        }
        return (year, month, left + 1)
    }
}

extension ScenarioTimestamp: Codable {
    /// Reads the RFC 3339 string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw TextValueError(
                message:
                    "expected a date and time string such as \"2026-01-01T09:00:00Z\", found another kind of value",
                hint: "write it as a string, e.g. \"2026-01-01T09:00:00Z\"")
        }
        try self.init(parsing: text)
    }

    /// Writes the UTC string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
