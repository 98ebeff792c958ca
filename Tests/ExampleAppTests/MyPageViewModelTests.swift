import CombineCompat
import VirtualTime
import XCTest

@testable import ExampleApp

/// A profile repository that answers with a canned result after a latency on the virtual clock.
private final class FakeProfileRepository: ProfileRepository, @unchecked Sendable {
    private let clock: VirtualClock
    private let log: EventLog
    private let result: Result<UserInfoVO, RepositoryError>

    init(clock: VirtualClock, log: EventLog, result: Result<UserInfoVO, RepositoryError>) {
        self.clock = clock
        self.log = log
        self.result = result
    }

    func fetchProfile() async throws -> UserInfoVO {
        log.add("fetchProfile")
        try await clock.sleep(for: .milliseconds(200))
        return try result.get()
    }
}

/// Seed 002's MyPageViewModel driven directly on a virtual timeline. XCTest: inputs are received on
/// `DispatchQueue.main` and the profile loads on the MainActor.
final class MyPageViewModelTests: XCTestCase {
    private let profile = UserInfoVO(nickname: "Runner", totalDistance: 42.2, streakCount: 3, logCount: 12)

    /// My Page on a fresh timeline over a repository answering `result` after 200ms, its outputs recorded into
    /// the returned log.
    private func myPage(
        _ result: Result<UserInfoVO, RepositoryError>
    ) -> (timeline: VirtualEventLoop, log: EventLog, viewModel: MyPageViewModel, subscriptions: Set<AnyCancellable>) {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let repository = FakeProfileRepository(clock: timeline.clock, log: log, result: result)
        let viewModel = MyPageViewModel(profileRepository: repository, logManager: RecordingLogManager(log))
        return (timeline, log, viewModel, record(viewModel, into: log))
    }

    private func record(_ viewModel: MyPageViewModel, into log: EventLog) -> Set<AnyCancellable> {
        var subscriptions = Set<AnyCancellable>()
        viewModel.output.stopLoading
            .sink { log.add("stopLoading \($0)") }
            .store(in: &subscriptions)
        viewModel.output.profileDataUpdated
            .sink { log.add("profile \($0.nickname)") }
            .store(in: &subscriptions)
        viewModel.output.navigateTo
            .sink { log.add("navigateTo \($0.map { "\($0)" } ?? "nil")") }
            .store(in: &subscriptions)
        viewModel.output.error
            .sink { log.add("error \($0)") }
            .store(in: &subscriptions)
        return subscriptions
    }

    func testLoadingTogglesStopLoadingAroundTheProfileAndMenuIndicesRoute() throws {
        // Given My Page over a profile that arrives after 200ms
        let (timeline, log, viewModel, subscriptions) = myPage(.success(profile))

        // When the view binds and loads, then selects every menu index and one that does not exist
        try timeline.runScenario {
            // The view binds first (viewDidLoad) and loads in a later turn: `bind()` subscribes through
            // `receive(on: DispatchQueue.main)`, whose subscriber gets its subscription on the main queue, as on iOS.
            try timeline.step(at: .zero, "bind") { viewModel.bind() }
            try timeline.step(at: .zero, "load") { viewModel.inputSubject.send(.loadData) }
            try timeline.step(at: .seconds(1), "settings") { viewModel.inputSubject.send(.menuItemSelected(0)) }
            try timeline.step(at: .seconds(2), "history") { viewModel.inputSubject.send(.menuItemSelected(1)) }
            try timeline.step(at: .seconds(3), "badges") { viewModel.inputSubject.send(.menuItemSelected(2)) }
            try timeline.step(at: .seconds(4), "edit profile") { viewModel.inputSubject.send(.menuItemSelected(3)) }
            try timeline.step(at: .seconds(5), "unknown") { viewModel.inputSubject.send(.menuItemSelected(7)) }
            try timeline.run()
        }

        // Then stopLoading is false around the request and true after it; index 3 carries the loaded nickname;
        // index 7 is logged and routes nowhere
        XCTAssertEqual(
            log.lines,
            [
                "0.000s stopLoading false",
                "0.000s profile RunLogger",
                "0.000s navigateTo nil",
                "0.000s stopLoading false",
                "0.000s fetchProfile",
                "0.200s profile Runner",
                "0.200s stopLoading true",
                "1.000s log mypage_menu index=0",
                "1.000s navigateTo pushSettings",
                "2.000s log mypage_menu index=1",
                "2.000s navigateTo pushRunHistory",
                "3.000s log mypage_menu index=2",
                "3.000s navigateTo pushBadges",
                "4.000s log mypage_menu index=3",
                "4.000s navigateTo pushEditProfile(nickname: \"Runner\")",
                "5.000s log mypage_unknown_menu index=7",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testAFailedProfileLoadEmitsTheErrorAndStillStopsLoading() throws {
        // Given a profile request that fails
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let repository = FakeProfileRepository(
            clock: timeline.clock, log: log, result: .failure(RepositoryError(code: "offline", message: "no network")))
        let viewModel = MyPageViewModel(profileRepository: repository, logManager: RecordingLogManager(log))
        let subscriptions = record(viewModel, into: log)

        // When the view binds and loads, then opens the profile editor
        try timeline.runScenario {
            // The view binds first (viewDidLoad) and loads in a later turn: `bind()` subscribes through
            // `receive(on: DispatchQueue.main)`, whose subscriber gets its subscription on the main queue, as on iOS.
            try timeline.step(at: .zero, "bind") { viewModel.bind() }
            try timeline.step(at: .zero, "load") { viewModel.inputSubject.send(.loadData) }
            try timeline.step(at: .seconds(1), "edit profile") { viewModel.inputSubject.send(.menuItemSelected(3)) }
            try timeline.run()
        }

        // Then the error is emitted, loading stops, the placeholder profile stays and the editor gets its nickname
        XCTAssertEqual(
            log.lines,
            [
                "0.000s stopLoading false",
                "0.000s profile RunLogger",
                "0.000s navigateTo nil",
                "0.000s stopLoading false",
                "0.000s fetchProfile",
                "0.200s error offline: no network",
                "0.200s stopLoading true",
                "1.000s log mypage_menu index=3",
                "1.000s navigateTo pushEditProfile(nickname: \"RunLogger\")",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testInputsSentBeforeBindAreNotHandled() throws {
        // Given My Page whose view has not called bind() yet
        let (timeline, log, viewModel, subscriptions) = myPage(.success(profile))

        // When a load and a menu selection are sent
        try timeline.runScenario {
            try timeline.step(at: .zero, "load") { viewModel.inputSubject.send(.loadData) }
            try timeline.step(at: .seconds(1), "settings") { viewModel.inputSubject.send(.menuItemSelected(0)) }
            try timeline.run()
        }

        // Then only the initial values were published: seed 002 binds in bind(), never in init
        XCTAssertEqual(log.lines, ["0.000s stopLoading false", "0.000s profile RunLogger", "0.000s navigateTo nil"])
        withExtendedLifetime(subscriptions) {}
    }

    func testALoadSentInTheSameTurnAsBindIsLostAsOnIOS() throws {
        // Given My Page over a profile that arrives after 200ms
        let (timeline, log, viewModel, subscriptions) = myPage(.success(profile))

        // When the load is sent right after bind(), before the main queue runs
        try timeline.runScenario {
            try timeline.step(at: .zero, "bind and load") {
                viewModel.bind()
                viewModel.inputSubject.send(.loadData)
            }
            try timeline.run()
        }

        // Then nothing is fetched: `receive(on:)` hands its subscriber the subscription through the scheduler, so
        // the subject had no demand for the load yet (Combine's ReceiveOn schedules the subscription too: the
        // OpenCombine suite's ReceiveOnTests.testBasicBehavior, run against Apple's Combine)
        XCTAssertEqual(log.lines, ["0.000s stopLoading false", "0.000s profile RunLogger", "0.000s navigateTo nil"])
        withExtendedLifetime(subscriptions) {}
    }
}
