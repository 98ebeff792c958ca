import Foundation

/// How an interpolated integer is written: decimal (the default), hexadecimal or octal.
public struct OSLogIntegerFormatting: Sendable {
    enum Radix: Sendable { case decimal, hex, octal }

    let radix: Radix
    let explicitPositiveSign: Bool
    let includePrefix: Bool
    let uppercase: Bool
    let minDigits: Int

    /// Decimal.
    public static let decimal = OSLogIntegerFormatting.decimal(explicitPositiveSign: false, minDigits: 0)
    /// Hexadecimal, lower case, without a prefix.
    public static let hex = OSLogIntegerFormatting.hex(
        explicitPositiveSign: false, includePrefix: false, uppercase: false, minDigits: 0)
    /// Octal, without a prefix.
    public static let octal = OSLogIntegerFormatting.octal(
        explicitPositiveSign: false, includePrefix: false, minDigits: 0)

    /// Decimal, with a `+` for positive numbers and at least `minDigits` digits if asked.
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: .decimal, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
            minDigits: minDigits)
    }

    /// Hexadecimal, with a `0x` prefix, upper-case digits and at least `minDigits` digits if asked.
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: .hex, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: minDigits)
    }

    /// Octal, with a `0` prefix and at least `minDigits` digits if asked.
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false, minDigits: Int = 0)
        -> OSLogIntegerFormatting
    {
        OSLogIntegerFormatting(
            radix: .octal, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix, uppercase: false,
            minDigits: minDigits)
    }

    func render<T: FixedWidthInteger>(_ value: T) -> String {
        let radix: Int =
            switch self.radix {
            case .decimal: 10
            case .hex: 16
            case .octal: 8
            }
        var digits = String(value.magnitude, radix: radix, uppercase: uppercase)
        if digits.count < minDigits { digits = String(repeating: "0", count: minDigits - digits.count) + digits }
        let prefix =
            includePrefix ? (self.radix == .hex ? "0x" : self.radix == .octal ? "0" : "") : ""
        let sign = value < 0 ? "-" : (explicitPositiveSign ? "+" : "")
        return sign + prefix + digits
    }
}

/// How an interpolated floating-point number is written: fixed (six decimals by default, as `%f`), exponential,
/// hexadecimal or the shorter of fixed and exponential (`%g`).
public struct OSLogFloatFormatting: Sendable {
    let conversion: String
    let precision: Int?
    let explicitPositiveSign: Bool

    /// Fixed point, six decimals.
    public static let fixed = OSLogFloatFormatting(conversion: "f", precision: nil, explicitPositiveSign: false)
    /// Exponential.
    public static let exponential = OSLogFloatFormatting(conversion: "e", precision: nil, explicitPositiveSign: false)
    /// Hexadecimal.
    public static let hex = OSLogFloatFormatting(conversion: "a", precision: nil, explicitPositiveSign: false)
    /// The shorter of fixed and exponential.
    public static let hybrid = OSLogFloatFormatting(conversion: "g", precision: nil, explicitPositiveSign: false)

    /// Fixed point with `precision` decimals.
    public static func fixed(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(conversion: "f", precision: precision(), explicitPositiveSign: explicitPositiveSign)
    }

    /// Fixed point, with a `+` for positive numbers if asked.
    public static func fixed(explicitPositiveSign: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(conversion: "f", precision: nil, explicitPositiveSign: explicitPositiveSign)
    }

    /// Exponential with `precision` decimals.
    public static func exponential(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(conversion: "e", precision: precision(), explicitPositiveSign: explicitPositiveSign)
    }

    /// The shorter of fixed and exponential, with `precision` significant digits.
    public static func hybrid(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false)
        -> OSLogFloatFormatting
    {
        OSLogFloatFormatting(conversion: "g", precision: precision(), explicitPositiveSign: explicitPositiveSign)
    }

    func render(_ value: Double) -> String {
        let format = "%" + (explicitPositiveSign ? "+" : "") + (precision.map { ".\($0)" } ?? "") + conversion
        return String(format: format, value)
    }
}

/// `os_log`'s `printf`-style formats, rendered as the unified log keeps them: `%{public}@` shows, `%@` and `%s` are
/// `<private>` unless public, numbers show unless `%{private}d`.
enum LegacyFormat {
    static func render(_ format: String, _ arguments: [any CVarArg]) -> String {
        var output = ""
        var remaining = arguments[...]
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            index = format.index(after: index)
            guard character == "%" else {
                output.append(character)
                continue
            }
            guard index < format.endIndex else { break }
            if format[index] == "%" {
                output.append("%")
                index = format.index(after: index)
                continue
            }
            var modifiers = ""
            if format[index] == "{", let close = format[index...].firstIndex(of: "}") {
                modifiers = String(format[format.index(after: index)..<close])
                index = format.index(after: close)
            }
            var specifier = "%"
            while index < format.endIndex, !"@sdiuxXoeEfFgGaAcp".contains(format[index]) {
                specifier.append(format[index])
                index = format.index(after: index)
            }
            guard index < format.endIndex else { break }
            let conversion = format[index]
            index = format.index(after: index)
            specifier.append(conversion)
            guard let argument = remaining.popFirst() else { break }
            let dynamic = conversion == "@" || conversion == "s"
            let words = modifiers.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let hidden =
                words.contains("private") || words.contains("sensitive") || (dynamic && !words.contains("public"))
            if hidden {
                output += "<private>"
            } else if dynamic {
                output += (argument as? String) ?? String(describing: argument)
            } else {
                output += String(format: specifier, argument)
            }
        }
        return output
    }
}
