/// Logs to a subsystem and category, as `os`'s `Logger`: `logger.info("loaded \(count) items for \(user.id)")`.
/// Each method's level is the unified log's: `trace` and `debug` log at `debug`, `notice` at `default`, `warning` at
/// `error`, `critical` at `fault`.
public struct Logger: @unchecked Sendable {
    /// The log lines go to.
    let log: OSLog

    /// A logger of a subsystem and category.
    public init(subsystem: String, category: String) {
        log = OSLog(subsystem: subsystem, category: category)
    }

    /// A logger of the default log.
    public init() {
        log = .default
    }

    /// A logger of an existing log.
    public init(_ logObj: OSLog) {
        log = logObj
    }

    /// Logs at the default level.
    public func log(_ message: OSLogMessage) { log.emit(.default, message.rendered) }
    /// Logs at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) { log.emit(level, message.rendered) }
    /// Logs at the debug level.
    public func trace(_ message: OSLogMessage) { log.emit(.debug, message.rendered) }
    /// Logs at the debug level.
    public func debug(_ message: OSLogMessage) { log.emit(.debug, message.rendered) }
    /// Logs at the info level.
    public func info(_ message: OSLogMessage) { log.emit(.info, message.rendered) }
    /// Logs at the default level.
    public func notice(_ message: OSLogMessage) { log.emit(.default, message.rendered) }
    /// Logs at the error level.
    public func warning(_ message: OSLogMessage) { log.emit(.error, message.rendered) }
    /// Logs at the error level.
    public func error(_ message: OSLogMessage) { log.emit(.error, message.rendered) }
    /// Logs at the fault level.
    public func critical(_ message: OSLogMessage) { log.emit(.fault, message.rendered) }
    /// Logs at the fault level.
    public func fault(_ message: OSLogMessage) { log.emit(.fault, message.rendered) }
}
