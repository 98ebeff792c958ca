// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// What the to-do list view sends. `Decodable` so scenarios can send the cases by name
/// (`"send": "add", "value": {"title": "Buy milk"}`).
public enum TodoInput: Decodable, Equatable {
    case load
    case add(title: String)
    case toggle(id: Int)
    case clearCompleted
}

/// Everything the to-do list view shows.
public struct TodoState: Equatable {
    public var items: [TodoItem] = []
    public var isLoading = false
    /// The last load's failure message, cleared by the next load.
    public var errorMessage: String?

    public init(items: [TodoItem] = [], isLoading: Bool = false, errorMessage: String? = nil) {
        self.items = items
        self.isLoading = isLoading
        self.errorMessage = errorMessage
    }
}

/// A to-do list in the enum-in / state-out shape: one publisher of `TodoInput` in, one publisher of the whole
/// `TodoState` out (the current state first, then every change).
///
/// `load` fetches the saved items (ignored while a load runs); `add` appends an item with the next free id (blank
/// titles are ignored, titles are trimmed); `toggle` flips an item's `isDone` (unknown ids are ignored);
/// `clearCompleted` removes the done items.
public final class TodoListViewModel {
    private let repository: TodoRepository
    private let state = CurrentValueSubject<TodoState, Never>(TodoState())
    private var cancellables = Set<AnyCancellable>()

    public init(repository: TodoRepository) {
        self.repository = repository
    }

    /// Binds `input` and returns the state; call it once.
    public func transform(_ input: AnyPublisher<TodoInput, Never>) -> AnyPublisher<TodoState, Never> {
        input
            .sink { [weak self] in self?.handle($0) }
            .store(in: &cancellables)
        return state.removeDuplicates().eraseToAnyPublisher()
    }

    private func handle(_ input: TodoInput) {
        var next = state.value
        switch input {
        case .load:
            guard !next.isLoading else { return }
            next.isLoading = true
            next.errorMessage = nil
            load()
        case .add(let title):
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return }
            let id = (next.items.map(\.id).max() ?? 0) + 1
            next.items.append(TodoItem(id: id, title: trimmed))
        case .toggle(let id):
            guard let index = next.items.firstIndex(where: { $0.id == id }) else { return }
            next.items[index].isDone.toggle()
        case .clearCompleted:
            next.items.removeAll { $0.isDone }
        }
        state.send(next)
    }

    private func load() {
        Task { @MainActor [weak self, repository] in
            let outcome: Result<[TodoItem], Error>
            do {
                outcome = .success(try await repository.fetchTodos())
            } catch {
                outcome = .failure(error)
            }
            self?.finishLoading(outcome)
        }
    }

    private func finishLoading(_ outcome: Result<[TodoItem], Error>) {
        var next = state.value
        next.isLoading = false
        switch outcome {
        case .success(let items):
            next.items = items
        case .failure(let error as RepositoryError):
            next.errorMessage = error.message
        case .failure:
            next.errorMessage = "Could not load your to-dos."
        }
        state.send(next)
    }
}
