import Foundation
import FrameworkSeam
import UIKit

/// A SwiftUI colour as a value (on Linux not a view): a system colour by name, components, a catalog colour or a
/// UIKit colour; compared by those and recorded as its description (`Color.red`, `Color(red: 1, green: 0.5, blue: 0)`).
public struct Color: Hashable, Sendable, CustomStringConvertible, TimelineRepresentable {
    /// The description the colour was made with.
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A colour from sRGB components, each from 0 to 1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        description =
            "Color(red: \(red), green: \(green), blue: \(blue)" + (opacity == 1 ? ")" : ", opacity: \(opacity))")
    }

    /// A grey of the given white level.
    public init(white: Double, opacity: Double = 1) {
        description = "Color(white: \(white)" + (opacity == 1 ? ")" : ", opacity: \(opacity))")
    }

    /// A colour from hue, saturation and brightness, each from 0 to 1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        description =
            "Color(hue: \(hue), saturation: \(saturation), brightness: \(brightness)"
            + (opacity == 1 ? ")" : ", opacity: \(opacity))")
    }

    /// The colour named `name` in the app's asset catalog.
    public init(_ name: String, bundle: Bundle? = nil) {
        description = "Color(\(String(reflecting: name)))"
    }

    /// A UIKit colour.
    public init(uiColor: UIColor) {
        description = "Color(uiColor: \(uiColor))"
    }

    /// A UIKit colour.
    public init(_ color: UIColor) {
        self.init(uiColor: color)
    }

    /// The same colour at another opacity.
    public func opacity(_ opacity: Double) -> Color { Color(description + ".opacity(\(opacity))") }

    public static let black = Color("Color.black")
    public static let white = Color("Color.white")
    public static let gray = Color("Color.gray")
    public static let red = Color("Color.red")
    public static let green = Color("Color.green")
    public static let blue = Color("Color.blue")
    public static let orange = Color("Color.orange")
    public static let yellow = Color("Color.yellow")
    public static let pink = Color("Color.pink")
    public static let purple = Color("Color.purple")
    public static let mint = Color("Color.mint")
    public static let teal = Color("Color.teal")
    public static let cyan = Color("Color.cyan")
    public static let indigo = Color("Color.indigo")
    public static let brown = Color("Color.brown")
    public static let clear = Color("Color.clear")
    public static let primary = Color("Color.primary")
    public static let secondary = Color("Color.secondary")
    public static let accentColor = Color("Color.accentColor")

    /// The timeline records a colour as its description.
    public var timelineRepresentation: Any { description }
}
