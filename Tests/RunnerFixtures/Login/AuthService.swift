// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// A signed-in session as the auth API returns it.
public struct AuthSession: Codable, Equatable {
    public let userId: String
    public let token: String

    public init(userId: String, token: String) {
        self.userId = userId
        self.token = token
    }
}

/// The auth API the Login screen uses (async, throwing `RepositoryError`).
public protocol AuthService {
    /// Signs in with an email and a password.
    func login(email: String, password: String) async throws -> AuthSession
}
