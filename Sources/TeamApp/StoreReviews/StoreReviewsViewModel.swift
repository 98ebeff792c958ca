import Combine
import Foundation

/// The store's reviews, written the way the app's screens are: `import Combine`, internal access, an Input/Output
/// pair bound in `bind()`, the team's `withLatestFrom`, and async repository calls from `Task`s.
final class StoreReviewsViewModel: BaseViewModel {
    struct Config {
        let storeId: Int
    }

    struct Dependency {
        let reviewRepository: ReviewRepository
        let draftStore: ReviewDraftStore
    }

    struct Input {
        let load = PassthroughSubject<Void, Never>()
        let loadMore = PassthroughSubject<Void, Never>()
        let didTapSort = PassthroughSubject<Void, Never>()
        let didSelectReview = PassthroughSubject<IndexPath, Never>()
        let didTapWrite = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let reviews = CurrentValueSubject<[Review], Never>([])
        let sortOrder = CurrentValueSubject<SortOrder, Never>(.newest)
        let isLoading = CurrentValueSubject<Bool, Never>(false)
        let errorMessage = PassthroughSubject<String, Never>()
        let route = PassthroughSubject<Route, Never>()
    }

    enum SortOrder: String {
        case newest
        case highestRated
    }

    enum Route {
        case reviewDetail(id: UUID)
        case writeReview(storeId: Int, draft: String?)
    }

    let input = Input()
    let output = Output()
    private let config: Config
    private let dependency: Dependency
    private var cursor: String?
    private var hasMore = true

    init(config: Config, dependency: Dependency) {
        self.config = config
        self.dependency = dependency
        super.init()
    }

    override func bind() {
        input.load
            .sink { [weak self] in self?.load(reset: true) }
            .store(in: &cancellables)

        input.loadMore
            .sink { [weak self] in self?.load(reset: false) }
            .store(in: &cancellables)

        input.didTapSort
            .withLatestFrom(output.sortOrder) { _, order in order == .newest ? SortOrder.highestRated : .newest }
            .sink { [weak self] order in
                guard let self else { return }
                self.output.sortOrder.send(order)
                self.output.reviews.send(self.sorted(self.output.reviews.value, by: order))
            }
            .store(in: &cancellables)

        input.didSelectReview
            .withLatestFrom(output.reviews) { indexPath, reviews in
                reviews.indices.contains(indexPath.row) ? reviews[indexPath.row] : nil
            }
            .compactMap { $0 }
            .map { Route.reviewDetail(id: $0.id) }
            .subscribe(output.route)
            .store(in: &cancellables)

        input.didTapWrite
            .sink { [weak self] in
                guard let self else { return }
                let draft = self.dependency.draftStore.cachedDraft(storeId: self.config.storeId)
                self.output.route.send(.writeReview(storeId: self.config.storeId, draft: draft))
            }
            .store(in: &cancellables)
    }

    private func load(reset: Bool) {
        guard !output.isLoading.value, reset || hasMore else { return }
        output.isLoading.send(true)
        Task { @MainActor [weak self] in
            await self?.fetch(reset: reset)
        }
    }

    @MainActor
    private func fetch(reset: Bool) async {
        let result = await dependency.reviewRepository.fetchReviews(
            storeId: config.storeId, cursor: reset ? nil : cursor)
        output.isLoading.send(false)
        switch result {
        case .success(let page):
            cursor = page.nextCursor
            hasMore = page.nextCursor != nil
            let all = (reset ? [] : output.reviews.value) + page.reviews
            output.reviews.send(sorted(all, by: output.sortOrder.value))
        case .failure(let error):
            output.errorMessage.send(error.localizedDescription)
        }
    }

    private func sorted(_ reviews: [Review], by order: SortOrder) -> [Review] {
        switch order {
        case .newest: return reviews.sorted { $0.createdAt > $1.createdAt }
        case .highestRated: return reviews.sorted { ($0.rating, $0.createdAt) > ($1.rating, $1.createdAt) }
        }
    }
}
