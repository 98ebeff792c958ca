// The glue a team writes for the collaborator fixtures (Tests/RunnerFixtures/Collaborators), in Swift 6 mode as a
// team's catalog module is: scripted mocks with a main-thread precondition and MainActor-isolated methods, and a
// catalog whose closures are @MainActor.
import CombineCompat
import Foundation
import Rehearsal
import RunnerFixtures

/// The inbox service's mock. Like the team's, it asserts that the ViewModel calls it on the main thread.
public final class InboxRepositoryMock: ScriptedMock, InboxRepository {
    public func messages(folder: String) -> AnyPublisher<[Message], InboxError> {
        dispatchPrecondition(condition: .onQueue(.main))
        return respond(folder)
    }

    public func archive(_ id: Int, completion: @escaping (Result<Void, Error>) -> Void) {
        respond(id, completion: completion)
    }

    public func markAllRead() -> AnyPublisher<Void, InboxError> { respond() }

    public func unreadCount() -> AnyPublisher<Result<Int, InboxError>, Never> { respond() }

    public func delete(_ id: Int) async throws { try await respond(id) }

    public func emptyTrash() async -> Result<Void, Error> { await respond() }
}

/// Both overloads of `transform`: keyed `DateFormatting.transform(date:)` and `DateFormatting.transform(dateInfo:)`.
public final class DateFormattingMock: ScriptedMock, DateFormatting {
    public func transform(date: Date) -> String { respond(date, otherwise: "") }

    public func transform(dateInfo: [String: Int]) -> String { respond(dateInfo, otherwise: "") }
}

/// The navigator, MainActor-isolated as Swift 6 code writes it: its calls are recorded.
public final class InboxNavigatorMock: ScriptedMock, @preconcurrency InboxNavigator {
    @MainActor public func showMessage(id: Int) { record(id) }

    @MainActor public func showCompose() { record() }
}

/// The search service's mock.
public final class QueryRepositoryMock: ScriptedMock, QueryRepository {
    public func search(_ query: String) -> AnyPublisher<[String], Never> { respond(query) }
}

/// The inbox as the catalog builds it: the navigator is handed over weakly, the status callback is @MainActor.
@MainActor
func makeInbox(_ context: ScenarioContext) -> InboxViewModel {
    let viewModel = InboxViewModel(repository: InboxRepositoryMock(context), dates: DateFormattingMock(context))
    let navigator = InboxNavigatorMock(context)  // The context keeps it: the ViewModel holds it weakly.
    viewModel.navigator = navigator
    let banner = context.callback("banner")
    viewModel.onStatus = { @MainActor _ in banner() }
    return viewModel
}

/// A navigator spy that is no scripted mock (a team's hand-written coordinator double): it records callbacks.
final class InboxNavigatorSpy: InboxNavigator {
    private let opened: @Sendable () -> Void
    private let composed: @Sendable () -> Void

    init(_ context: ScenarioContext) {
        opened = context.callback("opened")
        composed = context.callback("composed")
    }

    func showMessage(id: Int) { opened() }

    func showCompose() { composed() }
}

/// The inbox with the spy as its weak navigator, kept by the context or (the control) by nobody.
@MainActor
func makeSpiedInbox(_ context: ScenarioContext, keep: Bool) -> InboxViewModel {
    let viewModel = InboxViewModel(repository: InboxRepositoryMock(context), dates: DateFormattingMock(context))
    let spy = InboxNavigatorSpy(context)
    viewModel.navigator = keep ? context.keep(spy) : spy
    return viewModel
}

/// The collaborator fixtures' catalog.
public let collaboratorCatalog = Catalog {
    ViewModelEntry("Inbox") { context in makeInbox(context) }
    // The README's old advice for a team's own base class, wrong for one that binds in init: it binds twice.
    ViewModelEntry("InboxBoundTwice") { context in makeInbox(context) }
        .bind { $0.bind() }
    ViewModelEntry("InboxSpied") { context in makeSpiedInbox(context, keep: true) }
    ViewModelEntry("InboxSpiedUnkept") { context in makeSpiedInbox(context, keep: false) }
    ViewModelEntry("Query") { context in QueryViewModel(repository: QueryRepositoryMock(context)) }
}
