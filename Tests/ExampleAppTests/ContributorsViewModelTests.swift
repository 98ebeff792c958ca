import CombineCompat
import VirtualTime
import XCTest

@testable import ExampleApp

/// A store repository that answers each cursor with a canned page after a latency on the virtual clock.
private final class FakeStoreRepository: StoreRepository, @unchecked Sendable {
    private let clock: VirtualClock
    private let log: EventLog
    private let latency: Duration
    private let pages: [String: Result<ContributorsPage, RepositoryError>]

    /// `pages` is keyed by cursor, `"nil"` for the first page.
    init(
        clock: VirtualClock, log: EventLog, latency: Duration,
        pages: [String: Result<ContributorsPage, RepositoryError>]
    ) {
        self.clock = clock
        self.log = log
        self.latency = latency
        self.pages = pages
    }

    func fetchContributors(storeId: Int, cursor: String?) async -> Result<ContributorsPage, RepositoryError> {
        let key = cursor ?? "nil"
        log.add("fetchContributors storeId=\(storeId) cursor=\(key)")
        do {
            try await clock.sleep(for: latency)
        } catch {
            log.add("fetchContributors cancelled")
            return .failure(RepositoryError(code: "cancelled", message: "\(error)"))
        }
        return pages[key] ?? .failure(RepositoryError(code: "notFound", message: "no page for cursor \(key)"))
    }
}

/// Seed 000's ContributorsViewModel driven directly on a virtual timeline. XCTest: the fetch runs on the MainActor.
final class ContributorsViewModelTests: XCTestCase {
    private let kim = Contributor(id: 1, name: "Kim")
    private let lee = Contributor(id: 2, name: "Lee")
    private let park = Contributor(id: 3, name: "Park")

    private func makeViewModel(
        _ timeline: VirtualEventLoop, _ log: EventLog, store: UserStoreResponse? = nil,
        pages: [String: Result<ContributorsPage, RepositoryError>]
    ) -> ContributorsViewModel {
        let repository = FakeStoreRepository(clock: timeline.clock, log: log, latency: .milliseconds(300), pages: pages)
        let viewModel = ContributorsViewModel(
            config: .init(storeId: 42, store: store),
            dependency: .init(storeRepository: repository, logManager: RecordingLogManager(log)))
        viewModel.bind()
        return viewModel
    }

    private func record(_ viewModel: ContributorsViewModel, into log: EventLog) -> Set<AnyCancellable> {
        var subscriptions = Set<AnyCancellable>()
        viewModel.output.items
            .sink { log.add("items \($0.map(\.name))") }
            .store(in: &subscriptions)
        viewModel.output.error
            .sink { log.add("error \($0)") }
            .store(in: &subscriptions)
        viewModel.output.route
            .sink { route in
                switch route {
                case .dismiss: log.add("route dismiss")
                case .pushEditStore(let editor): log.add("route pushEditStore storeId=\(editor.storeId)")
                }
            }
            .store(in: &subscriptions)
        return subscriptions
    }

    func testLoadThenPaginateWithTheCursorUntilTheLastPage() throws {
        // Given two pages linked by the cursor "c2"
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let viewModel = makeViewModel(
            timeline, log,
            pages: [
                "nil": .success(ContributorsPage(items: [kim], cursor: "c2")),
                "c2": .success(ContributorsPage(items: [lee, park], cursor: nil)),
            ])
        let subscriptions = record(viewModel, into: log)

        // When the screen loads, then asks for more twice (the second time the last page has been seen)
        try timeline.runScenario {
            try timeline.step(at: .zero, "load") { viewModel.input.load.send() }
            try timeline.step(at: .seconds(1), "loadMore") { viewModel.input.loadMore.send() }
            try timeline.step(at: .seconds(2), "loadMore again") { viewModel.input.loadMore.send() }
            try timeline.run()
        }

        // Then the second page is fetched with the first page's cursor and appended; the third request never starts
        XCTAssertEqual(
            log.lines,
            [
                "0.000s fetchContributors storeId=42 cursor=nil",
                "0.300s log contributors_loaded count=1 storeId=42",
                "0.300s items [\"Kim\"]",
                "1.000s fetchContributors storeId=42 cursor=c2",
                "1.300s log contributors_loaded count=3 storeId=42",
                "1.300s items [\"Kim\", \"Lee\", \"Park\"]",
            ])
        XCTAssertEqual(timeline.now, .seconds(2))
        withExtendedLifetime(subscriptions) {}
    }

    func testASecondLoadWhileLoadingIsIgnored() throws {
        // Given a first page that takes 300ms
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let viewModel = makeViewModel(
            timeline, log, pages: ["nil": .success(ContributorsPage(items: [kim], cursor: nil))])
        let subscriptions = record(viewModel, into: log)

        // When load is sent again 100ms later, while the first request is in flight, and once more after it ended
        try timeline.runScenario {
            try timeline.step(at: .zero, "load") { viewModel.input.load.send() }
            try timeline.step(at: .milliseconds(100), "load while loading") { viewModel.input.load.send() }
            try timeline.step(at: .milliseconds(500), "load after loading") { viewModel.input.load.send() }
            try timeline.run()
        }

        // Then the duplicate-load guard drops the one in flight, and a load after the response fetches again
        XCTAssertEqual(
            log.lines,
            [
                "0.000s fetchContributors storeId=42 cursor=nil",
                "0.300s log contributors_loaded count=1 storeId=42",
                "0.300s items [\"Kim\"]",
                "0.500s fetchContributors storeId=42 cursor=nil",
                "0.800s log contributors_loaded count=1 storeId=42",
                "0.800s items [\"Kim\"]",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testAFailedLoadEmitsTheErrorAndAllowsARetry() throws {
        // Given a repository that fails the first page
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let viewModel = makeViewModel(
            timeline, log, pages: ["nil": .failure(RepositoryError(code: "server", message: "503"))])
        let subscriptions = record(viewModel, into: log)

        // When the screen loads, then retries, then asks for more
        try timeline.runScenario {
            try timeline.step(at: .zero, "load") { viewModel.input.load.send() }
            try timeline.step(at: .seconds(1), "retry") { viewModel.input.load.send() }
            try timeline.step(at: .seconds(2), "loadMore") { viewModel.input.loadMore.send() }
            try timeline.run()
        }

        // Then each failure reaches `error`, nothing is logged, and loadMore before a successful load does nothing
        XCTAssertEqual(
            log.lines,
            [
                "0.000s fetchContributors storeId=42 cursor=nil",
                "0.300s error server: 503",
                "1.000s fetchContributors storeId=42 cursor=nil",
                "1.300s error server: 503",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testCloseDismissesAndEditPushesTheEditorForTheStore() throws {
        // Given a screen opened with a store, and one opened without
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let withStore = makeViewModel(timeline, log, store: UserStoreResponse(storeId: 7, name: "Cafe"), pages: [:])
        let withoutStore = makeViewModel(timeline, log, pages: [:])
        let subscriptions = record(withStore, into: log).union(record(withoutStore, into: log))

        // When close and edit are tapped on both
        try timeline.runScenario {
            try timeline.step(at: .zero, "close") { withStore.input.didTapClose.send() }
            try timeline.step(at: .milliseconds(100), "edit") { withStore.input.didTapEdit.send() }
            try timeline.step(at: .milliseconds(200), "edit without a store") { withoutStore.input.didTapEdit.send() }
            try timeline.step(at: .milliseconds(300), "close without a store") { withoutStore.input.didTapClose.send() }
        }

        // Then close dismisses, edit logs and pushes the store's editor, and edit without a store does nothing
        XCTAssertEqual(
            log.lines,
            [
                "0.000s route dismiss",
                "0.100s log contributors_edit storeId=7",
                "0.100s route pushEditStore storeId=7",
                "0.300s route dismiss",
            ])
        withExtendedLifetime(subscriptions) {}
    }
}
