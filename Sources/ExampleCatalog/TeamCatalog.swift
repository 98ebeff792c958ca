import Foundation
import Rehearsal

@testable import TeamApp

// The catalog entries of TeamApp, whose ViewModels, repositories and models are all internal: `@testable import`
// reaches them, so nothing in the app had to become public. (Debug builds compile every module for testing; the
// release build compiles TeamApp with -enable-testing, see Package.swift.)

struct StoreConfig: Decodable {
    let storeId: Int
}

/// Input/Output ViewModel with the team's own superclass, so the entry says how to bind it.
let storeReviewsEntry = ViewModelEntry("StoreReviews") { context in
    StoreReviewsViewModel(
        config: .init(storeId: try context.config(StoreConfig.self).storeId),
        dependency: .init(reviewRepository: ReviewRepositoryMock(context), draftStore: ReviewDraftStoreMock(context)))
}
.bind { $0.bind() }

/// Subjects on the class are its ports; the private save trigger is an internal.
let favoritesEntry = ViewModelEntry("Favorites") { context in
    FavoritesViewModel(service: FavoritesServiceMock(context))
}
.propertyPorts(excluding: ["pendingSave"])

/// Seed 004 as written: no publishers at all, so the completion records what the view would reload from.
let randomPeopleEntry = ViewModelEntry("RandomPeople") { context in
    RandomPeopleViewModel(service: TeamRandomUserServiceMock(context))
}
.action(
    "networkRandomUser",
    withContext: { viewModel, context in
        viewModel.networkRandomUser(completion: context.callback("completion", recording: { viewModel.person }))
    })

/// Async search that debounces with `Task.sleep` and stamps hits with `Date()`.
let reviewSearchEntry = ViewModelEntry("ReviewSearch") { context in
    ReviewSearchViewModel(service: ReviewSearchServiceMock(context))
}
.action("queryChanged", sync: { (viewModel: ReviewSearchViewModel, query: String) in viewModel.queryChanged(query) })

/// Autosave and a self-hiding banner on `DispatchQueue.main.asyncAfter`.
let reviewComposerEntry = ViewModelEntry("ReviewComposer") { context in
    ReviewComposerViewModel(
        storeId: try context.config(StoreConfig.self).storeId, service: ReviewPostingServiceMock(context),
        drafts: ReviewDraftSavingMock(context))
}
.action("textChanged", sync: { (viewModel: ReviewComposerViewModel, text: String) in viewModel.textChanged(text) })
.action("post") { viewModel in viewModel.post() }

// MARK: Scripted mocks (internal too)

final class ReviewRepositoryMock: ScriptedMock, ReviewRepository {
    func fetchReviews(storeId: Int, cursor: String?) async -> Result<ReviewPage, ReviewError> {
        await respond(storeId, cursor)
    }
}

final class ReviewDraftStoreMock: ScriptedMock, ReviewDraftStore {
    func cachedDraft(storeId: Int) -> String? { respond(storeId, otherwise: nil) }
}

final class FavoritesServiceMock: ScriptedMock, FavoritesService {
    func favoriteUpdates() -> AsyncThrowingStream<[Int], Error> { respond() }

    func save(favorites: [Int], completion: @escaping (Error?) -> Void) { respond(favorites, completion: completion) }
}

/// ExampleApp has a mock of this name's protocol too, so this one names itself.
final class TeamRandomUserServiceMock: ScriptedMock, RandomUserServiceProtocol {
    init(_ context: ScenarioContext) { super.init(context, name: "RandomUserService") }

    func getRandomPerson(url: URL, completion: @escaping (RandomUserResponseDTO?) -> Void) {
        respond(url, completion: completion)
    }
}

final class ReviewSearchServiceMock: ScriptedMock, ReviewSearchService {
    func search(query: String) async throws -> [Review] { try await respond(query) }
}

final class ReviewPostingServiceMock: ScriptedMock, ReviewPostingService {
    func post(storeId: Int, text: String, completion: @escaping (Result<Review, Error>) -> Void) {
        respond(storeId, text, completion: completion)
    }
}

final class ReviewDraftSavingMock: ScriptedMock, ReviewDraftSaving {
    func saveDraft(storeId: Int, text: String) { record(storeId, text) }
}
