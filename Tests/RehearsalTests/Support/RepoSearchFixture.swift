import CombineCompat
import Foundation
import Rehearsal

// A ViewModel whose repository returns publishers with a typed error and with Never, and futures (one that cannot
// fail, one made on demand), for the tests of publisher- and future-returning mocks.

struct Repo: Decodable, Equatable {
    let name: String
}

enum SearchError: Error, Decodable, Equatable {
    case rateLimited(retryAfter: Int)
    case offline
}

protocol RepoSearchRepository {
    func searchRepositories(query: String, page: Int) -> AnyPublisher<[Repo], SearchError>
    func trending() -> AnyPublisher<[Repo], Never>
    func repository(name: String) -> Future<Repo, SearchError>
    func repositoryOnDemand(name: String) -> Deferred<Future<Repo, SearchError>>
    func cachedRepository(name: String) -> Future<Repo, Never>
}

final class RepoSearchRepositoryMock: ScriptedMock, RepoSearchRepository {
    func searchRepositories(query: String, page: Int) -> AnyPublisher<[Repo], SearchError> { respond(query, page) }
    func trending() -> AnyPublisher<[Repo], Never> { respond() }
    func repository(name: String) -> Future<Repo, SearchError> { respond(name) }
    // `#function` in the closure is still the method's, so the key is `RepoSearchRepository.repositoryOnDemand`.
    func repositoryOnDemand(name: String) -> Deferred<Future<Repo, SearchError>> { Deferred { self.respond(name) } }
    func cachedRepository(name: String) -> Future<Repo, Never> { respond(name) }
}

final class RepoSearchViewModel {
    struct Input {
        let search = PassthroughSubject<String, Never>()
        let cancel = PassthroughSubject<Void, Never>()
        let loadTrending = PassthroughSubject<Void, Never>()
        let open = PassthroughSubject<String, Never>()
        let openOnDemand = PassthroughSubject<String, Never>()
        let openCached = PassthroughSubject<String, Never>()
    }
    struct Output { let log = PassthroughSubject<String, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private var request: AnyCancellable?

    init(repository: RepoSearchRepository) {
        nonisolated(unsafe) let repository = repository
        let log = output.log
        // A typed failure reaches the ViewModel as SearchError itself: `error` is not `any Error` here.
        let completed = { (completion: Subscribers.Completion<SearchError>) in
            switch completion {
            case .finished: log.send("finished")
            case .failure(let error): log.send("failed \(error)")
            }
        }
        input.search
            .sink { [weak self] query in
                self?.request = repository.searchRepositories(query: query, page: 1)
                    .sink(
                        receiveCompletion: completed, receiveValue: { log.send($0.map(\.name).joined(separator: ",")) })
            }
            .store(in: &cancellables)
        input.cancel.sink { [weak self] in self?.request?.cancel() }.store(in: &cancellables)
        input.loadTrending
            .sink { [weak self] in
                self?.request = repository.trending()
                    .sink(
                        receiveCompletion: { _ in log.send("trending finished") },
                        receiveValue: { log.send("trending " + $0.map(\.name).joined(separator: ",")) })
            }
            .store(in: &cancellables)
        input.open
            .sink { [weak self] name in
                self?.request = repository.repository(name: name)
                    .sink(receiveCompletion: completed, receiveValue: { log.send("opened \($0.name)") })
            }
            .store(in: &cancellables)
        input.openOnDemand
            .sink { [weak self] name in
                let later = repository.repositoryOnDemand(name: name)
                log.send("made")
                self?.request = later.sink(
                    receiveCompletion: completed, receiveValue: { log.send("opened \($0.name)") })
            }
            .store(in: &cancellables)
        input.openCached
            .sink { [weak self] name in
                self?.request = repository.cachedRepository(name: name).sink { log.send("cached \($0.name)") }
            }
            .store(in: &cancellables)
    }
}

let repoSearchCatalog = Catalog {
    ViewModelEntry("RepoSearch") { context in RepoSearchViewModel(repository: RepoSearchRepositoryMock(context)) }
}
