import ExampleApp

/// A `LogManagerProtocol` that writes every analytics event into the test's event log, parameters sorted by key.
final class RecordingLogManager: LogManagerProtocol, @unchecked Sendable {
    private let log: EventLog

    init(_ log: EventLog) {
        self.log = log
    }

    func log(event: String, parameters: [String: String]) {
        let rendered = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        log.add((["log \(event)"] + rendered).joined(separator: " "))
    }
}
