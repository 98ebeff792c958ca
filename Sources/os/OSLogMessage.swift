import Foundation

/// A log message written as an interpolated string, with Apple's arguments for each value: `privacy:` (`.public`,
/// `.private`, `.sensitive`, `.auto`, masks), `format:` for numbers and Booleans, `align:` for padding.
///
/// It is rendered as the unified log keeps it: a value whose privacy is `.private` or `.sensitive` shows as
/// `<private>`, and so does a string or object under `.auto` (the default); numbers and Booleans under `.auto` show.
///
/// ```swift
/// logger.info("user \(user.id, privacy: .public) has \(count) items, token \(token)")
/// // user 42 has 3 items, token <private>
/// ```
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    let rendered: String

    public init(stringInterpolation: OSLogInterpolation) {
        rendered = stringInterpolation.text
    }

    public init(stringLiteral value: String) {
        rendered = value
    }
}

/// Builds an `OSLogMessage`: the literal text, and each value as its privacy, format and alignment say.
public struct OSLogInterpolation: StringInterpolationProtocol {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
        text += literal
    }

    /// A string: private unless `privacy` says otherwise.
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(argumentString()), privacy.hides(dynamic: true))
    }

    /// A value by its description: private unless `privacy` says otherwise. Disfavoured, so that numbers and
    /// Booleans, which are descriptive too, take their own overloads (public by default), as on a device.
    @_disfavoredOverload
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(value().description), privacy.hides(dynamic: true))
    }

    /// An object by its description: private unless `privacy` says otherwise.
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto
    ) {
        append(argumentObject().description, privacy.hides(dynamic: true))
    }

    /// A type's name: public unless `privacy` says otherwise.
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> Any.Type, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(String(describing: value())), privacy.hides(dynamic: false))
    }

    /// An integer, in `format`: public unless `privacy` says otherwise.
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(format.render(number())), privacy.hides(dynamic: false))
    }

    /// A `Double`, in `format` (six decimals by default, as `%f`): public unless `privacy` says otherwise.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
        align: OSLogFloatAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(format.render(number())), privacy.hides(dynamic: false))
    }

    /// A `Float`, as a `Double`.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
        align: OSLogFloatAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(align.pad(format.render(Double(number()))), privacy.hides(dynamic: false))
    }

    /// A Boolean, as `true`/`false` (`.truth`) or `YES`/`NO` (`.answer`): public unless `privacy` says otherwise.
    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto
    ) {
        let value = boolean()
        let shown = format == .answer ? (value ? "YES" : "NO") : (value ? "true" : "false")
        append(shown, privacy.hides(dynamic: false))
    }

    private mutating func append(_ value: String, _ hidden: Bool) {
        text += hidden ? "<private>" : value
    }
}
