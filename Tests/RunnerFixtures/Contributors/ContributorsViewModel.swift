// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation
import ViewModelKit

/// Screen names for analytics (seed 000's `screenName` output).
public enum ScreenName: String, Codable {
    case storeContributors
    case myPage
    case search
}

extension ContributorsViewModel {
    struct Input {
        let load = PassthroughSubject<Void, Never>()
        let didTapClose = PassthroughSubject<Void, Never>()
        let didTapEdit = PassthroughSubject<Void, Never>()
        let loadMore = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let screenName: ScreenName = .storeContributors
        let items = PassthroughSubject<[Contributor], Never>()
        let route = PassthroughSubject<Route, Never>()
        let error = PassthroughSubject<Error, Never>()
    }

    enum Route {
        case dismiss
        case pushEditStore(EditStoreViewModelInterface)
    }

    public struct Config {
        let storeId: Int
        let store: UserStoreResponse?

        public init(storeId: Int, store: UserStoreResponse?) {
            self.storeId = storeId
            self.store = store
        }
    }

    public struct Dependency {
        let storeRepository: StoreRepository
        let logManager: LogManagerProtocol

        public init(storeRepository: StoreRepository, logManager: LogManagerProtocol = LogManager.shared) {
            self.storeRepository = storeRepository
            self.logManager = logManager
        }
    }

    struct State {
        var cursor: String?
        var isLoading: Bool = false
        var hasLoaded: Bool = false
        var items: [Contributor] = []
    }
}

/// The contributors of a store, paginated by cursor (seed 000, exactly in its shape).
///
/// `load` fetches the first page and replaces the list; `loadMore` fetches the next page with the cursor of the
/// last one and appends (ignored before the first load and after the last page); a second request while one is in
/// flight is ignored (the duplicate-load guard). `items` emits the whole list after every page.
public final class ContributorsViewModel: BaseViewModel {
    let input = Input()
    let output = Output()
    private var state: State
    private let config: Config
    private let dependency: Dependency

    public init(config: Config, dependency: Dependency) {
        self.config = config
        self.dependency = dependency
        self.state = State()
    }

    public override func bind() {
        input.load
            .withUnretained(self)
            .sink { (owner, _) in
                Task { [weak owner] in
                    await owner?.fetchContributors(reset: true)
                }
            }
            .store(in: &cancellables)

        input.loadMore
            .withUnretained(self)
            .sink { (owner, _) in
                Task { [weak owner] in
                    await owner?.fetchContributors(reset: false)
                }
            }
            .store(in: &cancellables)

        input.didTapClose
            .map { Route.dismiss }
            .subscribe(output.route)
            .store(in: &cancellables)

        input.didTapEdit
            .withUnretained(self)
            .sink { (owner, _) in
                owner.pushEditStore()
            }
            .store(in: &cancellables)
    }

    private func pushEditStore() {
        guard let store = config.store else { return }
        dependency.logManager.log(event: "contributors_edit", parameters: ["storeId": String(store.storeId)])
        let viewModel = EditStoreViewModel(store: store)
        output.route.send(.pushEditStore(viewModel))
    }

    @MainActor
    private func fetchContributors(reset: Bool) async {
        // Duplicate-load guard: one request at a time.
        guard !state.isLoading else { return }
        // Pagination ends when the last page came without a cursor.
        if !reset && (!state.hasLoaded || state.cursor == nil) { return }
        state.isLoading = true

        let result = await dependency.storeRepository.fetchContributors(
            storeId: config.storeId,
            cursor: reset ? nil : state.cursor
        )

        state.isLoading = false

        switch result {
        case .success(let page):
            state.hasLoaded = true
            state.cursor = page.cursor
            state.items = reset ? page.items : state.items + page.items
            dependency.logManager.log(
                event: "contributors_loaded",
                parameters: ["count": String(state.items.count), "storeId": String(config.storeId)]
            )
            output.items.send(state.items)

        case .failure(let error):
            output.error.send(error)
        }
    }
}
