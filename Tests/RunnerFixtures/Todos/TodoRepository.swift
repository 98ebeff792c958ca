// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// One to-do.
public struct TodoItem: Codable, Equatable {
    public let id: Int
    public let title: String
    public var isDone: Bool

    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// The to-do API the list loads from (async, throwing `RepositoryError`).
public protocol TodoRepository {
    /// Fetches the saved to-dos.
    func fetchTodos() async throws -> [TodoItem]
}
