import Foundation

extension UIColor {
    // The fixed colours, with the components Apple's documentation gives each ("A color object whose RGB values
    // are 1.0, 0.5, and 0.0 and whose alpha value is 1.0" for `orange`; greys as a white level).

    /// White 0, alpha 1.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// White 1/3, alpha 1.
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// White 2/3, alpha 1.
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// White 1, alpha 1.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// White 0.5, alpha 1.
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// RGB 1, 0, 0.
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// RGB 0, 1, 0.
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// RGB 0, 0, 1.
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// RGB 0, 1, 1.
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// RGB 1, 1, 0.
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// RGB 1, 0, 1.
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// RGB 1, 0.5, 0.
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// RGB 0.5, 0, 0.5.
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// RGB 0.6, 0.4, 0.2.
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// White 0, alpha 0.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // The system colours, which adapt to the appearance on a device: recorded by name; their components are the
    // light appearance's, in 0–255 as the Human Interface Guidelines' colour table lists them.

    /// The system blue (light: 0, 122, 255).
    public class var systemBlue: UIColor { system("systemBlue", 0, 122, 255) }
    /// The system green (light: 52, 199, 89).
    public class var systemGreen: UIColor { system("systemGreen", 52, 199, 89) }
    /// The system indigo (light: 88, 86, 214).
    public class var systemIndigo: UIColor { system("systemIndigo", 88, 86, 214) }
    /// The system orange (light: 255, 149, 0).
    public class var systemOrange: UIColor { system("systemOrange", 255, 149, 0) }
    /// The system pink (light: 255, 45, 85).
    public class var systemPink: UIColor { system("systemPink", 255, 45, 85) }
    /// The system purple (light: 175, 82, 222).
    public class var systemPurple: UIColor { system("systemPurple", 175, 82, 222) }
    /// The system red (light: 255, 59, 48).
    public class var systemRed: UIColor { system("systemRed", 255, 59, 48) }
    /// The system teal (light: 48, 176, 199).
    public class var systemTeal: UIColor { system("systemTeal", 48, 176, 199) }
    /// The system yellow (light: 255, 204, 0).
    public class var systemYellow: UIColor { system("systemYellow", 255, 204, 0) }
    /// The system gray (light: 142, 142, 147).
    public class var systemGray: UIColor { system("systemGray", 142, 142, 147) }
    /// The text colour for primary content (light: black).
    public class var label: UIColor { system("label", 0, 0, 0) }
    /// The text colour for secondary content (light: 60, 60, 67 at 60 % opacity).
    public class var secondaryLabel: UIColor { system("secondaryLabel", 60, 60, 67, alpha: 0.6) }
    /// The text colour for tertiary content (light: 60, 60, 67 at 30 % opacity).
    public class var tertiaryLabel: UIColor { system("tertiaryLabel", 60, 60, 67, alpha: 0.3) }
    /// The background of the main interface (light: white).
    public class var systemBackground: UIColor { system("systemBackground", 255, 255, 255) }
    /// The background for content layered on the main background (light: 242, 242, 247).
    public class var secondarySystemBackground: UIColor { system("secondarySystemBackground", 242, 242, 247) }
    /// The colour of links (light: 0, 122, 255).
    public class var link: UIColor { system("link", 0, 122, 255) }
    /// The app's tint colour (light: the system blue's components).
    public class var tintColor: UIColor { system("tintColor", 0, 122, 255) }

    private static func system(
        _ name: String, _ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, alpha: CGFloat = 1
    ) -> UIColor {
        UIColor(kind: .system(name, red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha), alpha: 1)
    }
}
