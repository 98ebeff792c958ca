import Testing

@testable import UIKit

/// `UIColor` as a value, with the components Apple's documentation gives each fixed colour ("A color object with RGB
/// values of 0.6, 0.4, and 0.2, and an alpha value of 1.0" for `brown`; a grayscale value of 1/3 for `darkGray`, of 0
/// with alpha 0 for `clear`), and the light-appearance components of the Human Interface Guidelines' colour table for
/// the system colours.
struct UIColorTests {
    static func components(_ color: UIColor) -> [CGFloat]? {
        var red: CGFloat = -1
        var green: CGFloat = -1
        var blue: CGFloat = -1
        var alpha: CGFloat = -1
        guard color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return nil }
        return [red, green, blue, alpha]
    }

    @Test func fixedColoursHaveTheirDocumentedComponents() {
        #expect(Self.components(.orange) == [1, 0.5, 0, 1])
        #expect(Self.components(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(Self.components(.purple) == [0.5, 0, 0.5, 1])
        let third: CGFloat = 1.0 / 3
        #expect(Self.components(.darkGray) == [third, third, third, 1])
        #expect(Self.components(.clear) == [0, 0, 0, 0])
        let blue: CGFloat = 122.0 / 255
        #expect(Self.components(.systemBlue) == [0, blue, 1, 1])
        let (grey, greyBlue): (CGFloat, CGFloat) = (60.0 / 255, 67.0 / 255)
        #expect(Self.components(.secondaryLabel) == [grey, grey, greyBlue, 0.6])
        #expect(Self.components(UIColor(kind: .named("Brand"), alpha: 1)) == nil)
    }

    @Test func hueSaturationBrightnessConvertBothWays() {
        #expect(Self.components(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
        #expect(Self.components(UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1)) == [0, 1, 1, 1])
        var hue: CGFloat = 0
        var saturation: CGFloat = 0
        var brightness: CGFloat = 0
        var alpha: CGFloat = 0
        #expect(UIColor.orange.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha))
        let thirtyDegrees: CGFloat = 30.0 / 360
        #expect([hue, saturation, brightness, alpha] == [thirtyDegrees, 1, 1, 1])
    }

    @Test func coloursAreEqualWhenTheyAreTheSameColour() {
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.red != UIColor.red.withAlphaComponent(0.5))
        let blue: CGFloat = 122.0 / 255
        #expect(UIColor.systemBlue != UIColor(red: 0, green: blue, blue: 1, alpha: 1))
        #expect(UIColor.black != UIColor(red: 0, green: 0, blue: 0, alpha: 1))  // white 0 is another colour space
    }

    /// A system colour is the adaptive colour, not its light components: `systemBlue` is "a blue color that
    /// automatically adapts to the current trait environment", and `tintColor` "resolves at runtime based on the
    /// current tint color of the app or trait hierarchy" (UIColor documentation), so the two differ though the stand-in
    /// gives both the light components 0, 122, 255. Equal colours have one hash ("If two objects are equal (as
    /// determined by the isEqual(_:) method), they must have the same hash value", NSObjectProtocol.hash), so a set
    /// holds two reads of `systemBlue` once.
    @Test func aSystemColourIsEqualToItselfAndToNoOtherSystemColour() {
        let colours: Set<UIColor> = [.systemBlue, .systemBlue, .tintColor, .systemBlue.withAlphaComponent(0.5)]
        #expect(
            colours.map(\.description).sorted() == [
                "UIColor.systemBlue", "UIColor.systemBlue.withAlphaComponent(0.5)", "UIColor.tintColor",
            ]
        )
        // And two equal colours made two ways have one hash (the set above relies on it)
        #expect(UIColor.red.hash == UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash)
    }

    @Test func theDescriptionNamesTheColour() {
        #expect(UIColor.orange.description == "UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)")
        #expect(UIColor.lightGray.description == "UIColor(white: 0.6666666666666666, alpha: 1)")
        #expect(UIColor.systemRed.withAlphaComponent(0.3).description == "UIColor.systemRed.withAlphaComponent(0.3)")
        #expect(UIColor(named: "Brand")?.description == #"UIColor(named: "Brand")"#)
    }
}
