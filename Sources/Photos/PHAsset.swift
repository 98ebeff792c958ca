import Foundation
import FrameworkSeam

/// A photo or video of the library, as a value: its identifier, media type, pixel size and dates. Equal when the
/// identifiers are (the identifier persistently names the asset), and recorded in a timeline as
/// `{"$type": "PHAsset", "localIdentifier": "…", "mediaType": "image", "pixelWidth": 4032, "pixelHeight": 3024}`.
///
/// On a device assets come from fetches; on Linux a scenario's mocks make them with the initialiser below.
open class PHAsset: NSObject, TimelineRepresentable, @unchecked Sendable {
    /// The identifier that names the asset persistently.
    public let localIdentifier: String
    /// Photo, video or audio.
    public let mediaType: PHAssetMediaType
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// When the asset was taken.
    public let creationDate: Date?
    /// When the asset was last changed.
    public let modificationDate: Date?
    /// A video's length in seconds (0 for a photo).
    public let duration: TimeInterval
    /// Whether the user marked the asset as a favourite.
    public let isFavorite: Bool
    /// Whether the user hid the asset.
    public let isHidden: Bool

    /// An asset for a scenario's mocks to hand to the ViewModel (a device makes them in fetches; this initialiser
    /// exists on Linux only).
    public init(
        localIdentifier: String, mediaType: PHAssetMediaType = .image, pixelWidth: Int = 0, pixelHeight: Int = 0,
        creationDate: Date? = nil, modificationDate: Date? = nil, duration: TimeInterval = 0, isFavorite: Bool = false,
        isHidden: Bool = false
    ) {
        self.localIdentifier = localIdentifier
        self.mediaType = mediaType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
        self.modificationDate = modificationDate
        self.duration = duration
        self.isFavorite = isFavorite
        self.isHidden = isHidden
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? PHAsset)?.localIdentifier == localIdentifier
    }

    open override var hash: Int { localIdentifier.hashValue }

    /// The identifier, media type and size; the dates, duration and flags when they are set.
    public var timelineRepresentation: Any {
        var form: [String: Any] = [
            "$type": "PHAsset", "localIdentifier": localIdentifier, "mediaType": "\(mediaType)",
            "pixelWidth": pixelWidth, "pixelHeight": pixelHeight,
        ]
        if let creationDate { form["creationDate"] = creationDate }
        if let modificationDate { form["modificationDate"] = modificationDate }
        if duration > 0 { form["duration"] = duration }
        if isFavorite { form["isFavorite"] = true }
        if isHidden { form["isHidden"] = true }
        return form
    }
}
