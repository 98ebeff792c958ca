// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// One contributor of a store, as the list shows it.
public struct Contributor: Codable, Equatable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A page of contributors; `cursor` is nil on the last page.
public struct ContributorsPage: Codable, Equatable {
    public let items: [Contributor]
    public let cursor: String?

    public init(items: [Contributor], cursor: String?) {
        self.items = items
        self.cursor = cursor
    }
}

/// A store as the user's store list returns it.
public struct UserStoreResponse: Codable, Equatable {
    public let storeId: Int
    public let name: String

    public init(storeId: Int, name: String) {
        self.storeId = storeId
        self.name = name
    }
}

/// The store API the Contributors screen uses (seed 000: async, returning `Result`).
public protocol StoreRepository {
    /// Fetches one page of contributors; `cursor` nil asks for the first page.
    func fetchContributors(storeId: Int, cursor: String?) async -> Result<ContributorsPage, RepositoryError>
}
