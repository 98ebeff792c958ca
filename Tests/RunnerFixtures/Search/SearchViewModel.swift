// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation
import ViewModelKit

/// One search hit.
public struct SearchResult: Codable, Equatable {
    public let id: Int
    public let title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The search API (seed 000 style: async, returning `Result`). Cancelling the calling task cancels the request.
public protocol SearchRepository {
    /// Searches for `query`.
    func search(query: String) async -> Result<[SearchResult], RepositoryError>
}

extension SearchViewModel {
    struct Input {
        let query = PassthroughSubject<String, Never>()
        let didSelectResult = PassthroughSubject<Int, Never>()
    }

    struct Output {
        let screenName: ScreenName = .search
        let results = CurrentValueSubject<[SearchResult], Never>([])
        let isLoading = CurrentValueSubject<Bool, Never>(false)
        let error = PassthroughSubject<Error, Never>()
        let route = PassthroughSubject<Route, Never>()
    }

    enum Route {
        case pushDetail(SearchResult)
    }
}

/// Search as you type: queries are trimmed, duplicates dropped and debounced by 300 ms on `DispatchQueue.main`;
/// each query starts a request and a newer query cancels the stale one (`map` + `switchToLatest`). An empty query
/// clears the results without a request. Selecting a result by index routes to its detail.
public final class SearchViewModel: BaseViewModel {
    let input = Input()
    let output = Output()
    private let repository: SearchRepository
    private let logManager: LogManagerProtocol

    public init(repository: SearchRepository, logManager: LogManagerProtocol = LogManager.shared) {
        self.repository = repository
        self.logManager = logManager
    }

    public override func bind() {
        input.query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .withUnretained(self)
            .map { owner, query in owner.search(query) }
            .switchToLatest()
            .withUnretained(self)
            .sink { owner, result in owner.show(result) }
            .store(in: &cancellables)

        input.didSelectResult
            .withUnretained(self)
            .sink { owner, index in owner.selectResult(at: index) }
            .store(in: &cancellables)
    }

    private func search(_ query: String) -> AnyPublisher<Result<[SearchResult], RepositoryError>, Never> {
        guard !query.isEmpty else {
            return Just(.success([])).eraseToAnyPublisher()
        }
        output.isLoading.send(true)
        logManager.log(event: "search", parameters: ["query": query])
        let repository = self.repository
        return taskPublisher { await repository.search(query: query) }
    }

    private func show(_ result: Result<[SearchResult], RepositoryError>) {
        output.isLoading.send(false)
        switch result {
        case .success(let results):
            output.results.send(results)
        case .failure(let error):
            output.error.send(error)
        }
    }

    private func selectResult(at index: Int) {
        let results = output.results.value
        guard results.indices.contains(index) else { return }
        output.route.send(.pushDetail(results[index]))
    }
}
