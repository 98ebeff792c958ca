/// Whether a logged value shows in the log, or is redacted to `<private>`.
public struct OSLogPrivacy: Equatable, Sendable {
    /// How a redacted value may still be correlated.
    public struct Mask: Equatable, Sendable {
        let name: String
        /// Redacted to a hash of the value on a device (here: `<private>`, like any redacted value).
        public static let hash = Mask(name: "hash")
        /// Redacted with nothing kept.
        public static let none = Mask(name: "none")
    }

    enum Level: Equatable, Sendable { case auto, `public`, `private`, sensitive }

    let level: Level
    let mask: Mask

    /// Strings and objects are private, numbers and Booleans public.
    public static let auto = OSLogPrivacy(level: .auto, mask: .none)
    /// Shown.
    public static let `public` = OSLogPrivacy(level: .public, mask: .none)
    /// Redacted.
    public static let `private` = OSLogPrivacy(level: .private, mask: .none)
    /// Redacted always, also where private data is shown.
    public static let sensitive = OSLogPrivacy(level: .sensitive, mask: .none)

    /// As `.auto`, masked when redacted.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .auto, mask: mask) }
    /// Redacted, masked.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .private, mask: mask) }
    /// Redacted always, masked.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .sensitive, mask: mask) }

    /// Whether a value is redacted: a dynamic value (a string, an object) under `.auto`, and anything private.
    func hides(dynamic: Bool) -> Bool {
        switch level {
        case .auto: dynamic
        case .public: false
        case .private, .sensitive: true
        }
    }
}

/// How an interpolated string is padded.
public struct OSLogStringAlignment: Sendable {
    let columns: Int
    let leftAligned: Bool

    /// No padding.
    public static let none = OSLogStringAlignment(columns: 0, leftAligned: false)
    /// Padded with spaces on the right to `columns`.
    public static func left(columns: Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns, leftAligned: true)
    }
    /// Padded with spaces on the left to `columns`.
    public static func right(columns: Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns, leftAligned: false)
    }

    func pad(_ text: String) -> String {
        let padding = String(repeating: " ", count: max(0, columns - text.count))
        return leftAligned ? text + padding : padding + text
    }
}

/// How an interpolated integer is padded.
public typealias OSLogIntegerAlignment = OSLogStringAlignment
/// How an interpolated floating-point number is padded.
public typealias OSLogFloatAlignment = OSLogStringAlignment

/// How a Boolean is written.
public enum OSLogBoolFormat: Sendable {
    /// `true` / `false`.
    case truth
    /// `YES` / `NO`.
    case answer
}
