import Foundation
import FrameworkSeam

/// The app: `UIApplication.shared`, whose URL opening a scenario records as calls of the mock `UIApplication`
/// (`{"call": "UIApplication.open", "args": {"url": "https://example.com"}}`) and may script like any mock's
/// synchronous method: `"UIApplication.canOpenURL": [{"return": false}]`. Unscripted, both answer `true`, as a
/// device with an app for every URL would.
///
/// ```swift
/// UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
/// ```
@MainActor
open class UIApplication: NSObject {
    /// The app's state.
    public enum State: Int, Sendable {
        case active = 0, inactive, background
    }

    /// An option of `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Open the URL only when an app (not Safari) handles it as a universal link.
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The app.
    public static let shared = UIApplication()

    /// The URL that opens the app's page in Settings.
    public nonisolated static let openSettingsURLString = "app-settings:"
    /// The URL that opens the app's notification settings.
    public nonisolated static let openNotificationSettingsURLString = "app-settings:notifications"

    /// The app's state: `.active` while a scenario runs.
    open var applicationState: State { .active }

    /// The number shown on the app's icon.
    open var applicationIconBadgeNumber = 0

    /// Whether the device keeps the screen on.
    open var isIdleTimerDisabled = false

    /// Whether an app on the device opens `url`: the scenario's scripted answer to `UIApplication.canOpenURL`, or
    /// `true`. The call is recorded.
    open func canOpenURL(_ url: URL) -> Bool {
        let call = FrameworkCall(.application, "canOpenURL", [.init("url", url)])
        return FrameworkHosting.current?.answerNow(call, as: Bool.self) ?? true
    }

    /// Opens `url`: the call is recorded, and `completion` is called on the main queue with the scenario's scripted
    /// answer to `UIApplication.open`, or `true`.
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        let opened = answerOpen(url, options: options)
        guard let completion else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { completion(opened) } }
    }

    /// Opens `url` and returns whether it was opened (see `open(_:options:completionHandler:)`).
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        answerOpen(url, options: options)
    }

    private func answerOpen(_ url: URL, options: [OpenExternalURLOptionsKey: Any]) -> Bool {
        var arguments = [FrameworkCall.Argument("url", url)]
        if !options.isEmpty {
            let named = Dictionary(uniqueKeysWithValues: options.map { ($0.key.rawValue, $0.value) })
            arguments.append(.init("options", named))
        }
        return FrameworkHosting.current?.answerNow(FrameworkCall(.application, "open", arguments), as: Bool.self)
            ?? true
    }
}

extension UIApplication {
    /// Posted when the app becomes active.
    public nonisolated static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to become inactive.
    public nonisolated static let willResignActiveNotification = Notification.Name(
        "UIApplicationWillResignActiveNotification")
    /// Posted when the app enters the background.
    public nonisolated static let didEnterBackgroundNotification = Notification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    /// Posted shortly before the app leaves the background.
    public nonisolated static let willEnterForegroundNotification = Notification.Name(
        "UIApplicationWillEnterForegroundNotification")
    /// Posted when the app is about to terminate.
    public nonisolated static let willTerminateNotification = Notification.Name(
        "UIApplicationWillTerminateNotification")
    /// Posted when the app receives a memory warning.
    public nonisolated static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")
    /// Posted when the user takes a screenshot.
    public nonisolated static let userDidTakeScreenshotNotification = Notification.Name(
        "UIApplicationUserDidTakeScreenshotNotification")
}
