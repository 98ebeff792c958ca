/// One line a ViewModel logged through `Logger` or `os_log`, as the unified log keeps it: its level, its
/// log's subsystem and category, and its message with private values redacted.
public struct FrameworkLogLine: Equatable, Sendable {
    /// The level, as `OSLogType` names it: `debug`, `info`, `default`, `error`, `fault`.
    public var level: String
    /// The log's subsystem (`com.example.app`); empty for the default log.
    public var subsystem: String
    /// The log's category (`network`); empty for the default log.
    public var category: String
    /// The message as the log stores it: public values written out, private ones as `<private>`.
    public var message: String

    /// Creates a log line.
    public init(level: String, subsystem: String, category: String, message: String) {
        self.level = level
        self.subsystem = subsystem
        self.category = category
        self.message = message
    }
}
