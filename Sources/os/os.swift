// `import os` and `import os.log` on Linux: `Logger` with every level and the privacy and formatting arguments of
// its string interpolation, `os_log`, and `OSLog`. It exists only when the package manifest is evaluated on Linux;
// on Apple platforms it is Apple's module. Lines go nowhere, except into the timeline of a scenario that asks for
// them (`"recordLogs": true`), as the unified log would keep them: `{"log": "info", "category": "feed", "message":
// "loaded 3 items for <private>"}`.
@_exported import Foundation
import FrameworkSeam

/// A log's level.
public struct OSLogType: Equatable, Hashable, Sendable, RawRepresentable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    /// The default level (`notice`).
    public static let `default` = OSLogType(0x00)
    /// Information that may help troubleshooting.
    public static let info = OSLogType(0x01)
    /// Information for debugging.
    public static let debug = OSLogType(0x02)
    /// An error.
    public static let error = OSLogType(0x10)
    /// A fault: a bug.
    public static let fault = OSLogType(0x11)

    /// The level's name, as the timeline records it.
    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}

/// A log: a subsystem and a category.
open class OSLog: NSObject, @unchecked Sendable {
    /// The subsystem (`com.example.app`).
    public let subsystem: String
    /// The category (`network`).
    public let category: String
    let isEnabled: Bool

    init(subsystem: String, category: String, isEnabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.isEnabled = isEnabled
    }

    /// A log of a subsystem and category.
    public convenience init(subsystem: String, category: String) {
        self.init(subsystem: subsystem, category: category, isEnabled: true)
    }

    /// The default log: no subsystem, no category.
    public static let `default` = OSLog(subsystem: "", category: "", isEnabled: true)
    /// A log that keeps nothing.
    public static let disabled = OSLog(subsystem: "", category: "", isEnabled: false)

    /// Hands one line to the running scenario, which records it when it asks for log lines.
    func emit(_ type: OSLogType, _ message: @autoclosure () -> String) {
        guard isEnabled, let host = FrameworkHosting.current else { return }
        host.log(FrameworkLogLine(level: type.name, subsystem: subsystem, category: category, message: message()))
    }
}

/// Logs `message` (a `printf`-style format whose arguments follow) to `log` at `type`'s level. As in the unified
/// log, `%@` and `%s` arguments show as `<private>` unless written `%{public}@`, numbers as they are unless written
/// `%{private}d`.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default, type: OSLogType = .default,
    _ args: any CVarArg...
) {
    log.emit(type, LegacyFormat.render(message.description, args))
}

/// Logs an interpolated message to `log` at `type`'s level (the form of iOS 14).
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ message: OSLogMessage) {
    log.emit(type, message.rendered)
}

/// Logs an interpolated message to the default log at the default level.
public func os_log(_ message: OSLogMessage) {
    OSLog.default.emit(.default, message.rendered)
}
