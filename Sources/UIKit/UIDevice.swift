import Foundation

/// The device, as an iPhone on iOS 17 with nothing monitored: the same values in every run.
@MainActor
open class UIDevice: NSObject {
    /// The kind of interface the device has.
    public enum UserInterfaceIdiom: Int, Sendable {
        case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision
    }

    /// How the device is held.
    public enum Orientation: Int, Sendable {
        case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

        /// Whether the device is upright or upside down.
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        /// Whether the device is on its side.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        /// Whether the device is upright, on its side or upside down (not flat, not unknown).
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
        /// Whether the device lies flat.
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
    }

    /// The battery's state.
    public enum BatteryState: Int, Sendable {
        case unknown = 0, unplugged, charging, full
    }

    /// The device.
    public static let current = UIDevice()

    /// The device's name: `iPhone` (apps without the user-assigned-name entitlement see the model name).
    open var name: String { "iPhone" }
    /// The model: `iPhone`.
    open var model: String { "iPhone" }
    /// The model, localised: `iPhone`.
    open var localizedModel: String { "iPhone" }
    /// The operating system: `iOS`.
    open var systemName: String { "iOS" }
    /// The operating system's version: `17.0`.
    open var systemVersion: String { "17.0" }
    /// The interface: `.phone`.
    open var userInterfaceIdiom: UserInterfaceIdiom { .phone }
    /// The vendor's identifier for this device: `nil`, as a device answers before it is first unlocked (Apple
    /// documents that the value may be `nil` and to ask again later).
    open var identifierForVendor: UUID? { nil }
    /// The orientation: `.unknown`, as a device reports it until orientation notifications are turned on.
    open var orientation: Orientation { .unknown }
    /// Whether the battery is monitored.
    open var isBatteryMonitoringEnabled = false
    /// The battery's charge: -1, as a device reports it while the battery is not monitored.
    open var batteryLevel: Float { -1 }
    /// The battery's state: `.unknown`, as a device reports it while the battery is not monitored.
    open var batteryState: BatteryState { .unknown }
    /// Whether the device runs apps side by side: `true`.
    open var isMultitaskingSupported: Bool { true }

    /// Starts orientation notifications (none are posted on Linux).
    open func beginGeneratingDeviceOrientationNotifications() {}
    /// Stops orientation notifications.
    open func endGeneratingDeviceOrientationNotifications() {}
}

/// The screen, as an iPhone 15's: 393 × 852 points at scale 3.
@MainActor
open class UIScreen: NSObject {
    /// The device's screen.
    public static let main = UIScreen()

    /// The screen's bounds in points: (0, 0, 393, 852).
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
    /// Points to pixels: 3.
    open var scale: CGFloat { 3 }
    /// The display's own scale: 3.
    open var nativeScale: CGFloat { 3 }
    /// The bounds in pixels: (0, 0, 1179, 2556).
    open var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: 1179, height: 2556) }
    /// The screen's brightness, from 0 to 1.
    open var brightness: CGFloat = 0.5
}
