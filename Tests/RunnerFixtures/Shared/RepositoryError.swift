// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// The error every example repository reports: a machine-readable code and a message for people.
public struct RepositoryError: Error, Codable, Equatable, CustomStringConvertible {
    /// A stable code such as `"server"`, `"offline"` or `"notFound"`.
    public let code: String
    /// A human-readable message.
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
