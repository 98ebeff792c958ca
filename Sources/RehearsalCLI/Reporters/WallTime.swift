import Foundation

/// Wall-clock seconds as every report shows them to people: `0.42s`, `12.07s` (two decimals). JUnit's `time`
/// attributes keep that format's own plain seconds, and JSON results keep seconds as numbers.
enum WallTime {
    /// `seconds` as `0.42s`.
    static func text(_ seconds: Double) -> String {
        String(format: "%.2fs", seconds)
    }
}
