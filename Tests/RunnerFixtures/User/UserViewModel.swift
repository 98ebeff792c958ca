// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// A user as the profile screen shows it (seed 001).
public struct User: Codable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// The user API (seed 001: async, throwing).
public protocol UserServiceProtocol {
    /// Fetches one user by id.
    func fetchUser(id: String) async throws -> User
}

/// The `ObservableObject` ViewModel of seed 001: method-style (`loadUser(id:)`), observed through `@Published`.
@MainActor
public final class UserViewModel: ObservableObject {
    @Published public var user: User?
    @Published public var error: Error?
    @Published public var isLoading = false

    private let userService: UserServiceProtocol

    public init(userService: UserServiceProtocol) {
        self.userService = userService
    }

    /// Loads the user; `isLoading` is true while the request runs, `error` holds the last failure.
    public func loadUser(id: String) async {
        isLoading = true
        defer { isLoading = false }
        do {
            user = try await userService.fetchUser(id: id)
        } catch {
            self.error = error
        }
    }
}
