// A search field bound to a @Published property, with lazy and computed publishers and a value holding a publisher
// (see InboxViewModel.swift).
import CombineCompat
import Foundation

/// The search service: answers on its own thread.
public protocol QueryRepository {
    func search(_ query: String) -> AnyPublisher<[String], Never>
}

/// A badge whose updates are a publisher: a value holding a publisher, as apps emit them.
public struct Badge {
    public let count: Int
    public let updates: AnyPublisher<Int, Never>
    public let onTap: () -> Void
}

/// A search field: the view binds `query` (SwiftUI's `TextField(text: $viewModel.query)`), results arrive after a
/// debounce, without `receive(on:)`.
public final class QueryViewModel: ObservableObject {
    @Published public var query = ""
    @Published public private(set) var results: [String] = []
    /// Created in `init`, so it exists when ports are found.
    public lazy var resultCount: AnyPublisher<Int, Never> = $results.map(\.count).eraseToAnyPublisher()
    /// Created when the view first reads it, which a scenario never does.
    public lazy var summary: AnyPublisher<String, Never> = $results.map { "\($0.count) results" }.eraseToAnyPublisher()
    /// Computed: reflection cannot see it.
    public var title: AnyPublisher<String, Never> { $query.map { "Search: \($0)" }.eraseToAnyPublisher() }
    public let badge: CurrentValueSubject<Badge, Never>
    private var cancellables = Set<AnyCancellable>()

    public init(repository: QueryRepository) {
        let updates = PassthroughSubject<Int, Never>()
        badge = CurrentValueSubject(Badge(count: 0, updates: updates.eraseToAnyPublisher(), onTap: {}))
        _ = resultCount
        $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .map { repository.search($0) }
            .switchToLatest()
            .sink { [weak self] results in self?.results = results }
            .store(in: &cancellables)
    }
}
