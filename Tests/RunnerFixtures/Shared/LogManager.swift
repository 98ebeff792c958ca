// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// Analytics logging, as most real ViewModels have. Scenarios record every call as a timeline event.
public protocol LogManagerProtocol {
    /// Logs one analytics event with string parameters.
    func log(event: String, parameters: [String: String])
}

/// The example app's production logger: prints to standard output.
public final class LogManager: LogManagerProtocol {
    /// The shared logger, used as the Dependency default as in seed 000.
    public static let shared = LogManager()

    public func log(event: String, parameters: [String: String]) {
        let rendered = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        print("[analytics] \(event) \(rendered)")
    }
}
