import CombineCompat
import Rehearsal

// Scripted mocks for every repository and service of the fixture ViewModels: one line per method, forwarding to the
// scenario's script. A mock's name is its class name without "Mock", so `StoreRepositoryMock.fetchContributors`
// answers the scenario key "StoreRepository.fetchContributors".

final class StoreRepositoryMock: ScriptedMock, StoreRepository {
    func fetchContributors(storeId: Int, cursor: String?) async -> Result<ContributorsPage, RepositoryError> {
        await respond(storeId, cursor)
    }
}

final class LogManagerMock: ScriptedMock, LogManagerProtocol {
    func log(event: String, parameters: [String: String]) {
        record(event, parameters)
    }
}

final class ProfileRepositoryMock: ScriptedMock, ProfileRepository {
    func fetchProfile() async throws -> UserInfoVO {
        try await respond(throwing: RepositoryError.self)
    }
}

final class UserServiceMock: ScriptedMock, UserServiceProtocol {
    func fetchUser(id: String) async throws -> User {
        try await respond(id, throwing: RepositoryError.self)
    }
}

final class RandomUserServiceMock: ScriptedMock, RandomUserServiceProtocol {
    func fetchRandomPerson() async throws -> Person {
        try await respond()
    }
}

final class SearchRepositoryMock: ScriptedMock, SearchRepository {
    func search(query: String) async -> Result<[SearchResult], RepositoryError> {
        await respond(query, onCancel: RepositoryError(code: "cancelled", message: "the search was cancelled"))
    }
}

final class AuthServiceMock: ScriptedMock, AuthService {
    func login(email: String, password: String) async throws -> AuthSession {
        try await respond(email, password, throwing: RepositoryError.self)
    }
}

final class TodoRepositoryMock: ScriptedMock, TodoRepository {
    func fetchTodos() async throws -> [TodoItem] {
        try await respond(throwing: RepositoryError.self)
    }
}
