import Foundation

extension UIImage {
    /// What an image is drawn with (a symbol's size and weight), as a value.
    open class Configuration: NSObject, @unchecked Sendable {
        /// How the configuration reads in an image's description (`pointSize: 20, weight: .bold`).
        var summary: String { "" }
    }

    /// A symbol image's size, weight and scale.
    ///
    /// ```swift
    /// UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .bold))
    /// ```
    open class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// A symbol's stroke weight.
        public enum Weight: Int, Sendable {
            case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }

        /// A symbol's size relative to the text around it.
        public enum Scale: Int, Sendable {
            case `default` = -1, unspecified = 0, small, medium, large
        }

        let pointSize: CGFloat?
        let weight: Weight
        let scale: Scale
        let textStyle: UIFont.TextStyle?

        init(pointSize: CGFloat?, weight: Weight, scale: Scale, textStyle: UIFont.TextStyle?) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
        }

        /// A configuration with a point size.
        public convenience init(pointSize: CGFloat) {
            self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil)
        }

        /// A configuration with a point size and a weight.
        public convenience init(pointSize: CGFloat, weight: Weight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil)
        }

        /// A configuration with a point size, a weight and a scale.
        public convenience init(pointSize: CGFloat, weight: Weight, scale: Scale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }

        /// A configuration with a weight.
        public convenience init(weight: Weight) {
            self.init(pointSize: nil, weight: weight, scale: .unspecified, textStyle: nil)
        }

        /// A configuration with a scale.
        public convenience init(scale: Scale) {
            self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: nil)
        }

        /// A configuration matching a text style's font.
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: textStyle)
        }

        /// A configuration matching a text style's font, at a scale.
        public convenience init(textStyle: UIFont.TextStyle, scale: Scale) {
            self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: textStyle)
        }

        override var summary: String {
            var parts: [String] = []
            if let pointSize { parts.append("pointSize: \(describe(pointSize))") }
            if let textStyle { parts.append("textStyle: .\(textStyle.name)") }
            if weight != .unspecified { parts.append("weight: \(weight)") }
            if scale != .unspecified { parts.append("scale: \(scale)") }
            return parts.joined(separator: ", ")
        }

        open override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? SymbolConfiguration else { return false }
            return pointSize == other.pointSize && weight == other.weight && scale == other.scale
                && textStyle == other.textStyle
        }

        open override var hash: Int { summary.hashValue }
    }
}
