import CombineCompat
import VirtualTime
import XCTest

@testable import ExampleApp

/// A user service that answers with a canned result after 300ms on the virtual clock.
private final class FakeUserService: UserServiceProtocol, @unchecked Sendable {
    private let clock: VirtualClock
    private let log: EventLog
    private let result: Result<User, RepositoryError>

    init(clock: VirtualClock, log: EventLog, result: Result<User, RepositoryError>) {
        self.clock = clock
        self.log = log
        self.result = result
    }

    func fetchUser(id: String) async throws -> User {
        log.add("fetchUser id=\(id)")
        try await clock.sleep(for: .milliseconds(300))
        return try result.get()
    }
}

/// Seed 001's `@MainActor` UserViewModel driven directly on a virtual timeline. XCTest: it lives on the MainActor,
/// which only the main thread drains (the test methods stay nonisolated; `runScenario` runs on the main thread).
final class UserViewModelTests: XCTestCase {
    private func run(_ result: Result<User, RepositoryError>) throws -> [String] {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let service = FakeUserService(clock: timeline.clock, log: log, result: result)
        try timeline.runScenario {
            // AnyCancellable is not Sendable (as in Combine): the set stays on the main thread, where it is made.
            nonisolated(unsafe) var subscriptions = Set<AnyCancellable>()
            let viewModel = MainActor.assumeIsolated {
                let viewModel = UserViewModel(userService: service)
                viewModel.$isLoading.sink { log.add("isLoading \($0)") }.store(in: &subscriptions)
                viewModel.$user.sink { log.add("user \($0?.name ?? "nil")") }.store(in: &subscriptions)
                viewModel.$error.sink { log.add("error \($0.map { "\($0)" } ?? "nil")") }.store(in: &subscriptions)
                return viewModel
            }
            try timeline.step(at: .milliseconds(100), "loadUser") {
                Task { @MainActor in await viewModel.loadUser(id: "u1") }
            }
            try timeline.run()
            withExtendedLifetime(subscriptions) {}
        }
        return log.lines
    }

    func testIsLoadingIsTrueWhileTheUserLoadsAndFalseAfter() throws {
        // Given a service that returns Ada after 300ms
        // When loadUser runs at 100ms
        let lines = try run(.success(User(id: "u1", name: "Ada")))

        // Then isLoading is true from the call until the user is published, and no error is set
        XCTAssertEqual(
            lines,
            [
                "0.000s isLoading false",
                "0.000s user nil",
                "0.000s error nil",
                "0.100s isLoading true",
                "0.100s fetchUser id=u1",
                "0.400s user Ada",
                "0.400s isLoading false",
            ])
    }

    func testAFailureSetsTheErrorAndEndsLoading() throws {
        // Given a service that fails after 300ms
        // When loadUser runs at 100ms
        let lines = try run(.failure(RepositoryError(code: "notFound", message: "no user u1")))

        // Then the error is published, the user stays nil and loading ends
        XCTAssertEqual(
            lines,
            [
                "0.000s isLoading false",
                "0.000s user nil",
                "0.000s error nil",
                "0.100s isLoading true",
                "0.100s fetchUser id=u1",
                "0.400s error notFound: no user u1",
                "0.400s isLoading false",
            ])
    }
}
