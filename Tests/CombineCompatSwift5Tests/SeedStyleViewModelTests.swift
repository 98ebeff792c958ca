import CombineCompat
import Testing

// A ViewModel exactly in seed 000's shape, compiled in Swift 5 language mode as most iOS code is today. Only its
// import line differs from the iOS original: `import CombineCompat` instead of `import Combine`.

class SeedBaseViewModel {
    var cancellables = Set<AnyCancellable>()
    func bind() {}
}

struct Contributor: Equatable {
    let id: Int
    let name: String
}

protocol ContributorsRepository {
    func fetch(cursor: String?) -> AnyPublisher<([Contributor], String?), Error>
}

extension SeedContributorsViewModel {
    struct Input {
        let load = PassthroughSubject<Void, Never>()
        let didTapClose = PassthroughSubject<Void, Never>()
        let loadMore = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let items = CurrentValueSubject<[Contributor], Never>([])
        let route = PassthroughSubject<Route, Never>()
        let error = PassthroughSubject<Error, Never>()
    }

    enum Route: Equatable {
        case dismiss
        case pushDetail(id: Int)
    }

    struct State {
        var cursor: String?
        var isLoading = false
    }
}

final class SeedContributorsViewModel: SeedBaseViewModel {
    let input = Input()
    let output = Output()
    private var state = State()
    private let repository: ContributorsRepository

    init(repository: ContributorsRepository) {
        self.repository = repository
    }

    override func bind() {
        input.load
            .sink { [weak self] in self?.fetch(reset: true) }
            .store(in: &cancellables)

        input.loadMore
            .filter { [weak self] in self?.state.cursor != nil }
            .sink { [weak self] in self?.fetch(reset: false) }
            .store(in: &cancellables)

        input.didTapClose
            .map { Route.dismiss }
            .subscribe(output.route)
            .store(in: &cancellables)
    }

    private func fetch(reset: Bool) {
        guard !state.isLoading else { return }
        state.isLoading = true
        repository.fetch(cursor: reset ? nil : state.cursor)
            .sink(
                receiveCompletion: { [weak self] completion in
                    self?.state.isLoading = false
                    if case .failure(let error) = completion { self?.output.error.send(error) }
                },
                receiveValue: { [weak self] items, cursor in
                    guard let self = self else { return }
                    self.state.cursor = cursor
                    self.output.items.send(reset ? items : self.output.items.value + items)
                }
            )
            .store(in: &cancellables)
    }
}

struct StubContributorsRepository: ContributorsRepository {
    let pages: [String: ([Contributor], String?)]

    func fetch(cursor: String?) -> AnyPublisher<([Contributor], String?), Error> {
        guard let page = pages[cursor ?? "first"] else {
            return Fail(error: StubError.noPage(cursor ?? "first")).eraseToAnyPublisher()
        }
        return Just(page).setFailureType(to: Error.self).eraseToAnyPublisher()
    }
}

enum StubError: Error, Equatable {
    case noPage(String)
}

@Suite("A seed-000 ViewModel in Swift 5 mode")
struct SeedStyleViewModelTests {
    @Test func paginatesRoutesAndReportsErrors() {
        // Given a bound ViewModel over two pages and a recorder on every output
        let repository = StubContributorsRepository(pages: [
            "first": ([Contributor(id: 1, name: "Kim")], "c2"),
            "c2": ([Contributor(id: 2, name: "Lee")], nil),
        ])
        let viewModel = SeedContributorsViewModel(repository: repository)
        viewModel.bind()
        var log: [String] = []
        var subscriptions = Set<AnyCancellable>()
        viewModel.output.items.sink { log.append("items \($0.map(\.name))") }.store(in: &subscriptions)
        viewModel.output.route.sink { log.append("route \($0)") }.store(in: &subscriptions)
        viewModel.output.error.sink { log.append("error \($0)") }.store(in: &subscriptions)

        // When the view loads, paginates past the end and closes
        viewModel.input.load.send()
        viewModel.input.loadMore.send()
        viewModel.input.loadMore.send()
        viewModel.input.didTapClose.send()

        // Then
        #expect(
            log == [
                "items []",
                "items [\"Kim\"]",
                "items [\"Kim\", \"Lee\"]",
                "route dismiss",
            ])
    }

    @Test func repositoryFailureReachesTheErrorOutput() {
        let viewModel = SeedContributorsViewModel(repository: StubContributorsRepository(pages: [:]))
        viewModel.bind()
        var errors: [String] = []
        let subscription = viewModel.output.error.sink { errors.append("\($0)") }

        viewModel.input.load.send()

        #expect(errors == ["noPage(\"first\")"])
        subscription.cancel()
    }
}
