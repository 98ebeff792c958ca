import Foundation
import FrameworkSeam

/// A colour as a value: components in the sRGB colour space (or a white level), or a named system or catalog
/// colour; compared by those, and recorded in a timeline as its description (`UIColor(red: 1, green: 0.5, blue: 0,
/// alpha: 1)`, `UIColor.systemBlue`).
///
/// The fixed colours (`.red`, `.orange`, …) have the components Apple documents for them. A system colour
/// (`.systemBlue`, `.label`) adapts to the appearance on a device; here it keeps its name, and `getRed(_:green:blue:
/// alpha:)` gives its light-appearance components as the Human Interface Guidelines list them.
open class UIColor: NSObject, TimelineRepresentable, @unchecked Sendable {
    enum Kind: Hashable {
        case rgb(red: CGFloat, green: CGFloat, blue: CGFloat)
        case white(CGFloat)
        case system(String, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
        case named(String)
    }

    let kind: Kind
    let alpha: CGFloat

    init(kind: Kind, alpha: CGFloat) {
        self.kind = kind
        self.alpha = alpha
    }

    /// A colour with the given sRGB components and opacity, each from 0 to 1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(kind: .rgb(red: red, green: green, blue: blue), alpha: alpha)
    }

    /// A grey of the given white level and opacity, each from 0 to 1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(kind: .white(white), alpha: alpha)
    }

    /// A colour with the given hue, saturation and brightness (HSB), each from 0 to 1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(kind: .rgb(red: red, green: green, blue: blue), alpha: alpha)
    }

    /// The colour named `name` in the app's asset catalog. On Linux there is no catalog: this is never `nil`, and
    /// the colour has no components (`getRed` returns `false`).
    public convenience init?(named name: String) {
        self.init(kind: .named(name), alpha: 1)
    }

    /// The same colour with another opacity.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(kind: kind, alpha: alpha)
    }

    /// The colour's red, green, blue and alpha components; `false` (and nothing written) for a catalog colour.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard let components = rgba else { return false }
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// The colour's white level and alpha; `false` for a colour that is not a grey.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard case .white(let level) = kind else { return false }
        white?.pointee = level
        alpha?.pointee = self.alpha
        return true
    }

    /// The colour's hue, saturation, brightness and alpha; `false` for a catalog colour.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard let components = rgba else { return false }
        let maximum = max(components.red, components.green, components.blue)
        let minimum = min(components.red, components.green, components.blue)
        let delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == components.red {
                h = (components.green - components.blue) / delta
            } else if maximum == components.green {
                h = 2 + (components.blue - components.red) / delta
            } else {
                h = 4 + (components.red - components.green) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum == 0 ? 0 : delta / maximum
        brightness?.pointee = maximum
        alpha?.pointee = components.alpha
        return true
    }

    var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)? {
        switch kind {
        case .rgb(let red, let green, let blue): (red, green, blue, alpha)
        case .white(let white): (white, white, white, alpha)
        case .system(_, let red, let green, let blue, let systemAlpha): (red, green, blue, systemAlpha * alpha)
        case .named: nil
        }
    }

    /// Two colours are equal when they are the same colour: the same components in the same colour space, or the
    /// same named colour, and the same opacity.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return kind == other.kind && alpha == other.alpha
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(kind)
        hasher.combine(alpha)
        return hasher.finalize()
    }

    open override var description: String {
        let opacity = alpha == 1 ? "" : ".withAlphaComponent(\(describe(alpha)))"
        switch kind {
        case .rgb(let red, let green, let blue):
            return "UIColor(red: \(describe(red)), green: \(describe(green)), "
                + "blue: \(describe(blue)), alpha: \(describe(alpha)))"
        case .white(let white):
            return "UIColor(white: \(describe(white)), alpha: \(describe(alpha)))"
        case .system(let name, _, _, _, _):
            return "UIColor.\(name)" + opacity
        case .named(let name):
            return "UIColor(named: \(String(reflecting: name)))" + opacity
        }
    }

    /// The timeline records a colour as its description.
    public var timelineRepresentation: Any { description }

    private static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        guard saturation > 0 else { return (brightness, brightness, brightness) }
        let sector = (hue - hue.rounded(.down)) * 6
        let index = Int(sector.rounded(.down)) % 6
        let fraction = sector - sector.rounded(.down)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * fraction)
        let t = brightness * (1 - saturation * (1 - fraction))
        switch index {
        case 0: return (brightness, t, p)
        case 1: return (q, brightness, p)
        case 2: return (p, brightness, t)
        case 3: return (p, q, brightness)
        case 4: return (t, p, brightness)
        default: return (brightness, p, q)
        }
    }
}
