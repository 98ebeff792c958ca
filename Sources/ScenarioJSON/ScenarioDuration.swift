/// An exact span of virtual time in nanoseconds, written in scenarios as a string with a unit:
/// `"0ms"`, `"750us"`, `"250ms"`, `"1.5s"`, `"2m"` (units `ns`, `us`, `ms`, `s`, `m`, `h`).
///
/// Parsing is exact decimal arithmetic (no floating point). Formatting picks the largest unit in which the
/// value is at least 1 and needs at most 3 fraction digits: 1500 ms is `"1.5s"`, 90 s is `"1.5m"`,
/// 1 ms is `"1ms"`, zero is `"0ms"`.
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
        self.nanoseconds = max(0, nanoseconds)
    }

    /// Zero.
    public static let zero = ScenarioDuration(nanoseconds: 0)

    /// `count` milliseconds, clamped to the representable range.
    public static func milliseconds(_ count: Int64) -> ScenarioDuration { scaled(count, by: 1_000_000) }

    /// `count` seconds, clamped to the representable range.
    public static func seconds(_ count: Int64) -> ScenarioDuration { scaled(count, by: 1_000_000_000) }

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
    /// - Throws: `JSONError` (without a location: the decoder or caller adds it) explaining what is wrong.
    public init(parsing text: String) throws {
        let bytes = Array(text.utf8)
        let found = JSONWriter.quoted(text)
        func failure(_ message: String, _ hint: String?) -> JSONError {
            JSONError(message: message, hint: hint)
        }
        if bytes.first == UInt8(ascii: "-") {
            throw failure("expected a duration of zero or more, found \(found)", "remove the '-'")
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        var rest = bytes.dropFirst(whole.count)
        var fraction: ArraySlice<UInt8> = []
        if rest.first == UInt8(ascii: "."), !whole.isEmpty {
            fraction = rest.dropFirst().prefix(while: isDigit)
            rest = rest.dropFirst(1 + fraction.count)
            if fraction.isEmpty {
                throw failure("expected digits after the '.', found \(found)", "write it like \"1.5s\"")
            }
        }
        guard !whole.isEmpty else {
            throw failure("expected a duration such as \"250ms\" or \"1.5s\", found \(found)",
                          "write a number followed by one of the units \(Self.unitList)")
        }
        let number = String(decoding: bytes[..<rest.startIndex], as: UTF8.self)
        guard !rest.isEmpty else {
            throw failure("expected a unit after \(number), found \(found)",
                          "add one of the units \(Self.unitList), e.g. \"\(number)ms\"")
        }
        let unitName = String(decoding: rest, as: UTF8.self)
        guard let unit = Self.units.first(where: { $0.name == unitName }) else {
            throw failure("expected one of the units \(Self.unitList), found \(found)",
                          "use one of the units \(Self.unitList), e.g. \"\(number)ms\"")
        }
        let tooLong = failure("expected a duration of at most \(Int64.max)ns (about 292 years), found \(found)", nil)
        var wholeValue: UInt64 = 0
        for digit in whole {
            let (times10, overflowA) = wholeValue.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { throw tooLong }
            wholeValue = sum
        }
        let (wholeNanos, overflow) = wholeValue.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow else { throw tooLong }
        let significant = fraction.reversed().drop(while: { $0 == UInt8(ascii: "0") }).reversed()
        var fractionNanos: UInt64 = 0
        if !significant.isEmpty {
            let tooFine = failure("expected a duration in whole nanoseconds, found \(found)",
                                  "round it to whole nanoseconds, or use a smaller unit")
            guard significant.count <= 18 else { throw tooFine }
            let numerator = significant.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
            var denominator: UInt64 = 1
            for _ in 0..<significant.count { denominator *= 10 }
            // numerator < denominator, so the quotient is below unit.nanoseconds and cannot overflow.
            let product = numerator.multipliedFullWidth(by: unit.nanoseconds)
            let (quotient, remainder) = denominator.dividingFullWidth(product)
            guard remainder == 0 else { throw tooFine }
            fractionNanos = quotient
        }
        let (total, overflowTotal) = wholeNanos.addingReportingOverflow(fractionNanos)
        guard !overflowTotal, let exact = Int64(exactly: total) else { throw tooLong }
        nanoseconds = exact
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
}

extension ScenarioDuration: Codable {
    /// Reads the string form, e.g. `"250ms"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            let found = (decoder as? _JSONValueDecoder)?.value.kindDescription ?? "another kind of value"
            throw JSONError(message: "expected a duration string such as \"250ms\", found \(found)",
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
