import ExampleApp
import Rehearsal

/// The example app's catalog: how each ViewModel is built from a scenario, with scripted mocks.
public let exampleCatalog = Catalog {
    // Seed 000: Input/Output structs of subjects, bound by BaseViewModel.bind().
    ViewModelEntry("Contributors") { context in
        let config = try context.config(ContributorsConfig.self)
        return ContributorsViewModel(
            config: .init(storeId: config.storeId, store: config.store),
            dependency: .init(storeRepository: StoreRepositoryMock(context), logManager: LogManagerMock(context)))
    }

    // Seed 002: one enum Input subject; bind() is called by the view, so the catalog calls it.
    ViewModelEntry("MyPage") { context in
        MyPageViewModel(profileRepository: ProfileRepositoryMock(context), logManager: LogManagerMock(context))
    }
    .bind { $0.bind() }
    .inputCases(["loadData", "menuItemSelected"])

    // Seed 003: ViewModelable; steps send Action cases, `state` is recorded.
    ViewModelEntry("Counter") { context in
        CounterViewModel(initialCount: try context.config(CounterConfig.self).initialCount ?? 0)
    }

    // Seed 001: ObservableObject with an async method; the @Published properties are recorded.
    ViewModelEntry("User") { context in
        UserViewModel(userService: UserServiceMock(context))
    }
    .action("loadUser") { (viewModel: UserViewModel, id: String) in
        await viewModel.loadUser(id: id)
    }

    // Seed 004: callback-style; the completion is recorded as a callback event.
    ViewModelEntry("RandomUser") { context in
        RandomUserViewModel(service: RandomUserServiceMock(context))
    }
    .action(
        "networkRandomUser",
        withContext: { viewModel, context in
            viewModel.networkRandomUser(completion: context.callback("completion"))
        })

    // Seed 004 fixed: the people in request order, the completion once they are all there.
    ViewModelEntry("RandomUserFixed") { context in
        RandomUserFixedViewModel(service: RandomUserServiceMock(context))
    }
    .action(
        "networkRandomUser",
        withContext: { viewModel, context in
            viewModel.networkRandomUser(completion: context.callback("completion"))
        })

    // Search with flatMap instead of switchToLatest: stale results when responses cross (explore finds it).
    ViewModelEntry("SearchFlatMap") { context in
        FlatMapSearchViewModel(repository: SearchRepositoryMock(context))
    }

    // Search as you type: debounce on DispatchQueue.main, switchToLatest cancels stale requests.
    ViewModelEntry("Search") { context in
        SearchViewModel(repository: SearchRepositoryMock(context), logManager: LogManagerMock(context))
    }

    // transform(input:) with an Input struct of publishers: the factory declares each input by name and records
    // the Output struct's publishers by their labels.
    ViewModelEntry("Login") { context in
        let viewModel = LoginViewModel(authService: AuthServiceMock(context))
        let output = viewModel.transform(
            input: .init(
                email: context.input("email"), password: context.input("password"),
                tapLogin: context.input("tapLogin")))
        context.outputs(output)
        return viewModel
    }

    // Enum in, state out: steps send TodoInput cases through one publisher; the whole state is recorded.
    ViewModelEntry("TodoList") { context in
        let viewModel = TodoListViewModel(repository: TodoRepositoryMock(context))
        context.state("state", viewModel.transform(context.inputCases(TodoInput.self)))
        return viewModel
    }
    .inputCases(["load", "add", "toggle", "clearCompleted"])

    // TeamApp: ViewModels as a team writes them today (`import Combine`, internal, reached by `@testable import`).
    storeReviewsEntry
    favoritesEntry
    randomPeopleEntry
    reviewSearchEntry
    reviewComposerEntry
}

struct ContributorsConfig: Decodable {
    let storeId: Int
    let store: UserStoreResponse?
}

struct CounterConfig: Decodable {
    let initialCount: Int?
}
