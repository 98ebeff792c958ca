import Foundation

/// Reads and writes ISO 8601 timestamps (`2026-01-01T09:00:00Z`, `2026-01-01T09:00:00.300250Z`,
/// `2026-01-01T10:00:00.5+01:00`) exactly: fractional seconds keep up to nine digits when read and are written to
/// the microsecond, which `ISO8601DateFormatter` rounds to the millisecond.
///
/// ```swift
/// ISO8601Timestamp.date(from: "2026-01-01T09:00:00.25Z")                   // 1767258000.25 since 1970
/// ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 1767258000.3))   // "2026-01-01T09:00:00.300Z"
/// ```
enum ISO8601Timestamp {
    /// The date `text` names, or `nil` when it is not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with a valid
    /// calendar date and time.
    static func date(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2), scanner.take("T"), let hour = scanner.digits(2), scanner.take(":"),
            let minute = scanner.digits(2), scanner.take(":"), let second = scanner.digits(2)
        else { return nil }
        var nanoseconds = 0
        if scanner.take(".") {
            var count = 0
            while let digit = scanner.digit() {
                guard count < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        var offset = 0
        if scanner.take("Z") {
            offset = 0
        } else if let sign = scanner.sign(), let hours = scanner.digits(2), scanner.take(":"),
            let minutes = scanner.digits(2), hours < 24, minutes < 60
        {
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset) + Double(nanoseconds) / 1e9)
    }

    /// `date` in UTC, with fractional seconds only when it has them: `.300` for whole milliseconds, else six
    /// digits (rounded to the microsecond).
    static func string(from date: Date) -> String {
        let microseconds = (date.timeIntervalSince1970 * 1e6).rounded()
        guard microseconds.magnitude < 9e18 else { return ISO8601DateFormatter().string(from: date) }
        let total = Int64(microseconds)
        let (seconds, fraction) = floorDivision(total, 1_000_000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        var text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(Int64(secondOfDay / 3600), 2) + ":"
            + pad(Int64(secondOfDay % 3600 / 60), 2) + ":" + pad(Int64(secondOfDay % 60), 2)
        if fraction != 0 {
            text += fraction % 1000 == 0 ? "." + pad(fraction / 1000, 3) : "." + pad(fraction, 6)
        }
        return text + "Z"
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, days counted from 1970-01-01)

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Reads ASCII digits and separators from the front of a timestamp.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
