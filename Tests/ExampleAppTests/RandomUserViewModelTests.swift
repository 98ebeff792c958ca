import CombineCompat
import Foundation
import VirtualTime
import XCTest

@testable import ExampleApp

/// A random-user service that answers its calls, in call order, from a script of (latency, person) responses.
private final class FakeRandomUserService: RandomUserServiceProtocol, @unchecked Sendable {
    private let clock: VirtualClock
    private let log: EventLog
    private let lock = NSLock()
    private var script: [(latency: Duration, result: Result<Person, RepositoryError>)]

    init(clock: VirtualClock, log: EventLog, script: [(latency: Duration, result: Result<Person, RepositoryError>)]) {
        self.clock = clock
        self.log = log
        self.script = script
    }

    func fetchRandomPerson() async throws -> Person {
        let next = lock.withLock { script.isEmpty ? nil : script.removeFirst() }
        guard let next else { throw RepositoryError(code: "script", message: "no response left") }
        log.add("fetchRandomPerson (answers in \(Int(next.latency / .milliseconds(1)))ms)")
        try await clock.sleep(for: next.latency)
        return try next.result.get()
    }
}

/// Seed 004's callback-style RandomUserViewModel, bugs included, driven directly on a virtual timeline.
/// XCTest: the requests run in MainActor tasks.
final class RandomUserViewModelTests: XCTestCase {
    private func person(_ name: String) -> Result<Person, RepositoryError> {
        .success(Person(name: name, profileImage: "https://img/\(name).png", emailAddress: "\(name)@mail"))
    }

    private func record(_ viewModel: RandomUserViewModel, into log: EventLog) -> AnyCancellable {
        viewModel.$person.sink { log.add("person [\($0.map(\.name).joined(separator: ","))]") }
    }

    func testTheCompletionRunsBeforeAnyResponseArrives() throws {
        // Given four responses with different latencies, one of them a failure
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let service = FakeRandomUserService(
            clock: timeline.clock, log: log,
            script: [
                (.milliseconds(400), person("Ann")),
                (.milliseconds(100), person("Bo")),
                (.milliseconds(300), .failure(RepositoryError(code: "server", message: "500"))),
                (.milliseconds(200), person("Di")),
            ])
        let viewModel = RandomUserViewModel(service: service)
        let subscription = record(viewModel, into: log)

        // When the view asks for users and reloads in the completion
        try timeline.runScenario {
            try timeline.step(at: .zero, "networkRandomUser") {
                viewModel.networkRandomUser { log.add("completion (sections: \(viewModel.numberOfSections))") }
            }
            try timeline.run()
        }

        // Then (the seed's bug) the completion comes first, with an empty list; the people arrive later in
        // latency order, and the failure is silently dropped
        XCTAssertEqual(
            log.lines,
            [
                "0.000s person []",
                "0.000s completion (sections: 0)",
                "0.000s fetchRandomPerson (answers in 400ms)",
                "0.000s fetchRandomPerson (answers in 100ms)",
                "0.000s fetchRandomPerson (answers in 300ms)",
                "0.000s fetchRandomPerson (answers in 200ms)",
                "0.100s person [Bo]",
                "0.200s person [Bo,Di]",
                "0.400s person [Bo,Di,Ann]",
            ])
        withExtendedLifetime(subscription) {}
    }

    func testASecondShuffleOfAFullPageAppendsInsteadOfResetting() throws {
        // Given twelve people answering 100ms after each call
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let names = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"]
        let service = FakeRandomUserService(
            clock: timeline.clock, log: log, script: names.map { (.milliseconds(100), person($0)) })
        let viewModel = RandomUserViewModel(service: service)
        var counts: [Int] = []
        let subscription = viewModel.$person.sink { counts.append($0.count) }

        // When the user shuffles three times, each after the previous page arrived
        try timeline.runScenario {
            for round in 0..<3 as Range<Int64> {
                try timeline.step(at: .seconds(round), .named("shuffle \(round + 1)")) {
                    viewModel.networkRandomUser {}
                }
                try timeline.advance(by: .milliseconds(100))
            }
        }

        // Then (the seed's `> 4` bug) the full page of 4 is not cleared on the second shuffle, so 8 people show;
        // only the third shuffle, seeing 8, clears the list
        XCTAssertEqual(counts, [0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4])
        XCTAssertEqual(viewModel.person.map(\.name), ["I", "J", "K", "L"])
        withExtendedLifetime(subscription) {}
    }
}
