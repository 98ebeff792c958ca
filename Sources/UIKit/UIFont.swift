import Foundation
import FrameworkSeam

/// A font as a value: a system font of a size and weight, a text style's font, or a font named by its PostScript
/// name; compared by those, and recorded in a timeline as its description (`UIFont.systemFont(ofSize: 17, weight:
/// .semibold)`). Nothing is laid out or drawn.
///
/// `preferredFont(forTextStyle:)` has the size Apple's Human Interface Guidelines give the style at the default
/// content size (Large): body 17, headline 17 semibold, largeTitle 34, caption2 11, …
open class UIFont: NSObject, TimelineRepresentable, @unchecked Sendable {
    /// A font weight, as UIKit's raw values (regular 0, bold 0.4).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        var name: String {
            let names: [Weight: String] = [
                .ultraLight: "ultraLight", .thin: "thin", .light: "light", .regular: "regular", .medium: "medium",
                .semibold: "semibold", .bold: "bold", .heavy: "heavy", .black: "black",
            ]
            return names[self].map { ".\($0)" } ?? "UIFont.Weight(\(describe(rawValue)))"
        }
    }

    /// A Dynamic Type text style, with UIKit's raw values (`UICTFontTextStyleBody`).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The style's size and weight at the default content size category (Large).
        var defaultMetrics: (size: CGFloat, weight: Weight, name: String) {
            switch self {
            case .largeTitle: (34, .regular, "largeTitle")
            case .title1: (28, .regular, "title1")
            case .title2: (22, .regular, "title2")
            case .title3: (20, .regular, "title3")
            case .headline: (17, .semibold, "headline")
            case .subheadline: (15, .regular, "subheadline")
            case .callout: (16, .regular, "callout")
            case .footnote: (13, .regular, "footnote")
            case .caption1: (12, .regular, "caption1")
            case .caption2: (11, .regular, "caption2")
            default: (17, .regular, "body")
            }
        }

        var name: String { self == .body ? "body" : defaultMetrics.name }
    }

    enum Kind: Hashable {
        case system(weight: Weight, traits: String?)
        case textStyle(TextStyle)
        case named(String)
    }

    let kind: Kind
    /// The font's size in points.
    public let pointSize: CGFloat

    init(kind: Kind, pointSize: CGFloat) {
        self.kind = kind
        self.pointSize = pointSize
    }

    /// The font with the PostScript name `fontName`. On Linux no fonts are installed: this is never `nil`.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(kind: .named(fontName), pointSize: fontSize)
    }

    /// The system font of a size, regular.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(kind: .system(weight: .regular, traits: nil), pointSize: fontSize)
    }

    /// The system font of a size and weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(kind: .system(weight: weight, traits: nil), pointSize: fontSize)
    }

    /// The bold system font of a size.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(kind: .system(weight: .bold, traits: nil), pointSize: fontSize)
    }

    /// The italic system font of a size.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(kind: .system(weight: .regular, traits: "italic"), pointSize: fontSize)
    }

    /// The system font with digits of one width, of a size and weight.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(kind: .system(weight: weight, traits: "monospacedDigit"), pointSize: fontSize)
    }

    /// The monospaced system font of a size and weight.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(kind: .system(weight: weight, traits: "monospaced"), pointSize: fontSize)
    }

    /// The font of a text style at the default content size category (Large).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(kind: .textStyle(style), pointSize: style.defaultMetrics.size)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(kind: kind, pointSize: fontSize)
    }

    /// The standard font size of labels: 17.
    public class var labelFontSize: CGFloat { 17 }
    /// The standard font size of buttons: 18.
    public class var buttonFontSize: CGFloat { 18 }
    /// The size of the standard system font: 14.
    public class var systemFontSize: CGFloat { 14 }
    /// The size of the standard small system font: 12.
    public class var smallSystemFontSize: CGFloat { 12 }

    /// The PostScript name of a named font; for a system or text-style font, a name of this stand-in's own
    /// (`.SFUI-semibold`): devices name them differently from one iOS version to the next.
    public var fontName: String {
        switch kind {
        case .named(let name): name
        case .system(let weight, _): ".SFUI-\(weight.name.trimmingCharacters(in: ["."]))"
        case .textStyle(let style): ".SFUI-\(style.defaultMetrics.weight.name.trimmingCharacters(in: ["."]))"
        }
    }

    /// Two fonts are equal when they are the same font at the same size.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return kind == other.kind && pointSize == other.pointSize
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(kind)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    open override var description: String {
        let size = describe(pointSize)
        switch kind {
        case .named(let name):
            return "UIFont(name: \(String(reflecting: name)), size: \(size))"
        case .system(let weight, let traits?):
            return "UIFont.\(traits == "italic" ? "italicSystemFont" : "\(traits)SystemFont")(ofSize: \(size)"
                + (traits == "italic" ? ")" : ", weight: \(weight.name))")
        case .system(let weight, nil):
            return "UIFont.systemFont(ofSize: \(size)" + (weight == .regular ? ")" : ", weight: \(weight.name))")
        case .textStyle(let style):
            let standard = style.defaultMetrics.size == pointSize
            return "UIFont.preferredFont(forTextStyle: .\(style.name))" + (standard ? "" : ".withSize(\(size))")
        }
    }

    /// The timeline records a font as its description.
    public var timelineRepresentation: Any { description }
}

/// Scales fonts and values for Dynamic Type. At the default content size category (Large), the only one on Linux,
/// the scale is 1: fonts and values come back unchanged (capped at a maximum when one is given).
open class UIFontMetrics: NSObject, @unchecked Sendable {
    /// The text style whose scaling this follows.
    let textStyle: UIFont.TextStyle

    /// The metrics of a text style.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
    }

    /// The metrics of the body style.
    public class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// `font`, scaled for the content size category.
    open func scaledFont(for font: UIFont) -> UIFont { font }

    /// `font`, scaled, and no larger than `maximumPointSize`.
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    /// `value`, scaled for the content size category.
    open func scaledValue(for value: CGFloat) -> CGFloat { value }
}
