import Foundation
import FrameworkSeam

/// An image as a value: made from a name, a symbol name or image data, compared by what it was made from, and
/// recorded in a timeline as a short description (`UIImage(named: "avatar")`), never as a memory address.
///
/// Nothing is drawn or decoded: an image made from data knows its format and pixel size from the data's header
/// (PNG, JPEG, GIF, BMP, WebP), and returns those bytes from `pngData()` or `jpegData(compressionQuality:)` when they
/// are of that format. An image from a name is never `nil` (there is no asset catalog to look in) and has no size.
///
/// ```swift
/// let avatar = UIImage(named: "avatar")            // recorded as "UIImage(named: \"avatar\")"
/// let photo = UIImage(data: pngBytes)              // "UIImage(data: 1234 bytes, PNG 64×64 px, fnv1a 5b2f…)"
/// avatar == UIImage(named: "avatar")               // true: the same image
/// ```
open class UIImage: NSObject, TimelineRepresentable, @unchecked Sendable {
    /// How an image's colours are drawn: as they are, or as a template tinted by its view.
    public enum RenderingMode: Int, Sendable {
        /// The view decides (the default).
        case automatic = 0
        /// The image's own colours.
        case alwaysOriginal = 1
        /// A template: only the alpha channel, tinted.
        case alwaysTemplate = 2
    }

    enum Source: Hashable {
        case named(String)
        case systemName(String, configuration: String?)
        case data(ImageData)
    }

    let source: Source
    /// The image's scale factor (1 unless made with `init?(data:scale:)`).
    public let scale: CGFloat
    /// How the image is drawn.
    public let renderingMode: RenderingMode
    /// The colour a symbol or template is tinted with, if one was given.
    let tint: UIColor?

    init(source: Source, scale: CGFloat = 1, renderingMode: RenderingMode = .automatic, tint: UIColor? = nil) {
        self.source = source
        self.scale = scale
        self.renderingMode = renderingMode
        self.tint = tint
    }

    /// The image named `name` in the app's asset catalog. On Linux there is no catalog: this is never `nil`.
    public convenience init?(named name: String) {
        self.init(source: .named(name))
    }

    /// The system symbol `systemName` (SF Symbols). On Linux this is never `nil`.
    public convenience init?(systemName: String) {
        self.init(source: .systemName(systemName, configuration: nil))
    }

    /// The system symbol `systemName` with a symbol configuration.
    public convenience init?(systemName: String, withConfiguration configuration: Configuration?) {
        self.init(source: .systemName(systemName, configuration: configuration?.summary))
    }

    /// An image from the bytes of a PNG, JPEG, GIF, BMP or WebP file; `nil` when `data` is none of those.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image from image data, with the scale factor its size is divided by (a `@2x` image's is 2).
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = ImageData(data) else { return nil }
        self.init(source: .data(image), scale: scale)
    }

    /// The image in the file at `path`; `nil` when it cannot be read or holds no image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The size in points: the pixel size divided by `scale`; `.zero` for a named image or symbol, whose pixels
    /// are not known here.
    public var size: CGSize {
        guard case .data(let image) = source else { return .zero }
        return CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
    }

    /// Whether the image is a system symbol.
    public var isSymbolImage: Bool {
        if case .systemName = source { return true }
        return false
    }

    /// The same image drawn with `renderingMode`.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(source: source, scale: scale, renderingMode: renderingMode, tint: tint)
    }

    /// The same image tinted with `color` (drawn as `.alwaysOriginal`, as UIKit does).
    open func withTintColor(_ color: UIColor) -> UIImage {
        UIImage(source: source, scale: scale, renderingMode: .alwaysOriginal, tint: color)
    }

    /// The same image tinted with `color`, drawn with `renderingMode`.
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        UIImage(source: source, scale: scale, renderingMode: renderingMode, tint: color)
    }

    /// The PNG bytes the image was made from; `nil` for an image of another format or from a name (nothing is
    /// re-encoded here).
    public func pngData() -> Data? {
        guard case .data(let image) = source, image.format == .png else { return nil }
        return image.bytes
    }

    /// The JPEG bytes the image was made from; `nil` for an image of another format or from a name.
    /// `compressionQuality` is ignored: nothing is re-encoded here.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard case .data(let image) = source, image.format == .jpeg else { return nil }
        return image.bytes
    }

    /// Two images are equal when they hold the same image: made from the same name, symbol or bytes, at the same
    /// scale, drawn alike (Apple documents `isEqual(_:)` as comparing the image data).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIImage else { return false }
        return source == other.source && scale == other.scale && renderingMode == other.renderingMode
            && tint == other.tint
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(source)
        hasher.combine(scale)
        return hasher.finalize()
    }

    open override var description: String {
        var text: String
        switch source {
        case .named(let name):
            text = "UIImage(named: \(String(reflecting: name)))"
        case .systemName(let name, let configuration):
            text = "UIImage(systemName: \(String(reflecting: name))"
            if let configuration { text += ", withConfiguration: \(configuration)" }
            text += ")"
        case .data(let image):
            text = "UIImage(data: \(image.summary)" + (scale == 1 ? "" : ", scale: \(describe(scale))") + ")"
        }
        if let tint { text += ".withTintColor(\(tint))" }
        if renderingMode != .automatic && !(tint != nil && renderingMode == .alwaysOriginal) {
            text += ".withRenderingMode(.\(renderingMode.name))"
        }
        return text
    }

    /// The timeline records an image as its description.
    public var timelineRepresentation: Any { description }
}

extension UIImage.RenderingMode {
    var name: String {
        switch self {
        case .automatic: "automatic"
        case .alwaysOriginal: "alwaysOriginal"
        case .alwaysTemplate: "alwaysTemplate"
        }
    }
}
