import Foundation

/// How a change is animated, as a value: nothing animates on Linux, and `withAnimation` runs its closure at once.
public struct Animation: Equatable, Sendable, CustomStringConvertible {
    /// The animation as written (`.easeInOut(duration: 0.3)`), for descriptions and equality.
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The default animation.
    public static let `default` = Animation(".default")
    /// An ease-in-out animation of the default duration.
    public static let easeInOut = Animation(".easeInOut")
    /// An ease-in animation of the default duration.
    public static let easeIn = Animation(".easeIn")
    /// An ease-out animation of the default duration.
    public static let easeOut = Animation(".easeOut")
    /// A linear animation of the default duration.
    public static let linear = Animation(".linear")
    /// A spring animation with the default response and damping.
    public static let spring = Animation(".spring")
    /// A bouncy spring.
    public static let bouncy = Animation(".bouncy")
    /// A smooth spring.
    public static let smooth = Animation(".smooth")

    /// An ease-in-out animation lasting `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(".easeInOut(duration: \(duration))") }
    /// An ease-in animation lasting `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(".easeIn(duration: \(duration))") }
    /// An ease-out animation lasting `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(".easeOut(duration: \(duration))") }
    /// A linear animation lasting `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation { Animation(".linear(duration: \(duration))") }

    /// A spring with a response and damping fraction.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    {
        Animation(
            ".spring(response: \(response), dampingFraction: \(dampingFraction), blendDuration: \(blendDuration))")
    }

    /// The same animation, started after `delay` seconds.
    public func delay(_ delay: TimeInterval) -> Animation { Animation(description + ".delay(\(delay))") }
    /// The same animation, `speed` times as fast.
    public func speed(_ speed: Double) -> Animation { Animation(description + ".speed(\(speed))") }
    /// The same animation, repeated forever.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(description + ".repeatForever(autoreverses: \(autoreverses))")
    }
}

/// Runs `body` and returns its result; on a device the state changes it makes are animated with `animation`, on
/// Linux nothing draws, so it only runs `body` (at once, on the calling thread, as SwiftUI does).
///
/// ```swift
/// withAnimation(.easeInOut) { isExpanded.toggle() }
/// ```
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
