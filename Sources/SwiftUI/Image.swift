import Foundation
import FrameworkSeam
import UIKit

/// A SwiftUI image as a value (on Linux not a view): from an asset name, a system symbol or a UIKit image; compared
/// by that and recorded as its description (`Image(systemName: "star.fill")`).
public struct Image: Hashable, Sendable, CustomStringConvertible, TimelineRepresentable {
    /// The description the image was made with.
    public let description: String

    init(description: String) {
        self.description = description
    }

    /// The image named `name` in the app's asset catalog.
    public init(_ name: String, bundle: Bundle? = nil) {
        description = "Image(\(String(reflecting: name)))"
    }

    /// The system symbol `systemName`.
    public init(systemName: String) {
        description = "Image(systemName: \(String(reflecting: systemName)))"
    }

    /// A UIKit image.
    public init(uiImage: UIImage) {
        description = "Image(uiImage: \(uiImage))"
    }

    /// How an image is drawn: as it is, or as a template.
    public enum TemplateRenderingMode: Hashable, Sendable {
        case template, original
    }

    /// The same image drawn with `renderingMode`.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        Image(description: description + ".renderingMode(\(renderingMode.map { ".\($0)" } ?? "nil"))")
    }

    /// The timeline records an image as its description.
    public var timelineRepresentation: Any { description }
}
