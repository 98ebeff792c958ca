import CombineCompat
import Foundation
import ViewModelKit

/// `SearchViewModel` as it is often first written: `flatMap` instead of `map` + `switchToLatest`. Every query's
/// request runs to its end and every response is shown when it arrives.
///
/// **Deliberate bug, kept so that `rehearsal explore` finds it:** when two responses cross (the older query's
/// answer arrives after the newer one's), the results show the older query's hits, and `isLoading` turns false
/// while the newer request is still running. In the default order of its scenario the responses do not cross, so
/// its golden passes; `SearchViewModel` (with `switchToLatest`) is the fix.
public final class FlatMapSearchViewModel: BaseViewModel {
    let input = SearchViewModel.Input()
    let output = SearchViewModel.Output()
    private let repository: SearchRepository

    public init(repository: SearchRepository) {
        self.repository = repository
    }

    public override func bind() {
        input.query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .withUnretained(self)
            .flatMap { owner, query in owner.search(query) }
            .withUnretained(self)
            .sink { owner, result in owner.show(result) }
            .store(in: &cancellables)
    }

    private func search(_ query: String) -> AnyPublisher<Result<[SearchResult], RepositoryError>, Never> {
        guard !query.isEmpty else {
            return Just(.success([])).eraseToAnyPublisher()
        }
        output.isLoading.send(true)
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
}
