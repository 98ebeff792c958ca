import CombineCompat
import Rehearsal
import ScenarioJSON
import XCTest

/// The scripted-mock rules: order of use, `when`, `times`, `repeat`, `never`, and cancellation.
final class ScriptedMockTests: XCTestCase {
    func testResponsesAreUsedInOrderAndWhenPicksTheFirstMatching() throws {
        // Given a page scripted for cursor c2 before the first page, and a first page that answers twice
        let result = try runInline(
            """
            {"viewModel": "Contributors", "config": {"storeId": 1},
             "mocks": {"StoreRepository.fetchContributors": [
               {"after": "10ms", "when": {"cursor": "c2"}, "return": {"items": [{"id": 2, "name": "B"}], "cursor": null}},
               {"after": "10ms", "when": {"cursor": null}, "return": {"items": [{"id": 1, "name": "A"}], "cursor": "c2"}, "times": 2}
             ], "LogManager.log": []},
             "steps": [{"send": "load"}, {"at": "1s", "send": "loadMore"}, {"at": "2s", "send": "load"}]}
            """)

        // Then each call got the response its arguments match, and every response was used up
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines.filter { $0.contains("\"response\"") },
            [
                #"{"at": "0.010s", "response": "StoreRepository.fetchContributors", "index": 1}"#,
                #"{"at": "1.010s", "response": "StoreRepository.fetchContributors", "index": 0}"#,
                #"{"at": "2.010s", "response": "StoreRepository.fetchContributors", "index": 1}"#,
            ])
    }

    func testRepeatAnswersEveryCallAndAnUnusedRepeatIsReported() throws {
        let result = try runInline(
            """
            {"viewModel": "User",
             "mocks": {"UserService.fetchUser": [
               {"after": "5ms", "when": {"id": "a"}, "return": {"id": "a", "name": "A"}, "repeat": true},
               {"after": "5ms", "when": {"id": "zzz"}, "return": {"id": "z", "name": "Z"}, "repeat": true}]},
             "steps": [{"send": "loadUser", "value": "a"}, {"at": "1s", "send": "loadUser", "value": "a"},
                       {"at": "2s", "send": "loadUser", "value": "a"}]}
            """)

        XCTAssertEqual(result.lines.filter { $0.contains("\"response\"") }.count, 3)
        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:4:4: error: scripted response 1 for UserService.fetchUser was not used (every use left)
                   {"after": "5ms", "when": {"id": "zzz"}, "return": {"id": "z", "name": "Z"}, "repeat": true}]},
                   ^
                  hint: remove it, or find out why the ViewModel called UserService.fetchUser only 3 times
                """
            ])
    }

    func testACallCancelledWhileWaitingIsRecordedAsCancelled() throws {
        // Given a search whose first request is slow and a second query that replaces it
        let result = try runInline(
            """
            {"viewModel": "Search",
             "mocks": {"SearchRepository.search": [
               {"after": "5s", "when": {"query": "a"}, "return": []},
               {"after": "10ms", "when": {"query": "b"}, "return": [{"id": 1, "title": "B"}]}]},
             "steps": [{"send": "query", "value": "a"}, {"at": "1s", "send": "query", "value": "b"}]}
            """)

        // Then the stale call is cancelled at the instant the new request starts, and its response never arrives
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertTrue(result.lines.contains(#"{"at": "1.300s", "cancelled": "SearchRepository.search"}"#))
        XCTAssertEqual(
            result.lines.filter { $0.contains("\"response\"") },
            [
                #"{"at": "1.310s", "response": "SearchRepository.search", "index": 1}"#
            ])
    }

    /// Foundation's `Error.localizedDescription` reads `LocalizedError.errorDescription`, so a ViewModel that shows
    /// `error.localizedDescription` shows the scripted message.
    func testAScriptedErrorsLocalizedDescriptionIsItsMessage() throws {
        let errors = try JSONValueDecoder().decode(
            [ScriptedError].self,
            from: [["code": "server", "message": "503"], ["code": "offline"], ["not", "an", "object"]])

        XCTAssertEqual(
            errors.map { ($0 as any Error).localizedDescription }, ["503", "offline", #"["not", "an", "object"]"#])
    }

    func testANeverAnsweringCallLeftWaitingFailsTheScenarioAtTheStepThatMadeIt() throws {
        let result = try runInline(
            """
            {"viewModel": "User",
             "mocks": {"UserService.fetchUser": [{"never": true}]},
             "steps": [{"at": "1s", "send": "loadUser", "value": "a"}], "until": "1m"}
            """)

        XCTAssertEqual(
            result.findings.map(\.diagnostic.headline),
            [
                "inline.json:3:12: error: the call to UserService.fetchUser made by step 0 at 1.000s still waits for an answer that never comes"
            ])
        XCTAssertEqual(
            result.lines.last, #"{"at": "1.000s", "call": "UserService.fetchUser", "args": {"id": "a"}}"#)
    }

    func testACallLeftWaitingThatTheReleaseCancelsIsReportedWithNoCancellationRecorded() throws {
        // Given a call that never gets an answer, whose task only the release of the ViewModel after the scenario
        // cancels (its deinit cancels the search)
        let result = try runInline(
            """
            {"viewModel": "Search",
             "mocks": {"SearchRepository.search": [{"when": {"query": "swift"}, "never": true}]},
             "steps": [{"send": "query", "value": "swift"}]}
            """)

        // Then the call was still waiting at the end, and the ViewModel cancelled nothing
        XCTAssertEqual(
            result.findings.map(\.diagnostic.headline),
            [
                "inline.json:3:12: error: the call to SearchRepository.search made by step 0 at 0.300s still waits "
                    + "for an answer that never comes"
            ])
        XCTAssertEqual(
            result.lines.last, #"{"at": "0.300s", "call": "SearchRepository.search", "args": {"query": "swift"}}"#)
    }
}

// MARK: - Repositories returning publishers and untyped Results

private struct Quote: Codable, Equatable {
    let text: String
}

private protocol QuoteRepository {
    func quote(id: Int) -> AnyPublisher<Quote, Error>
    func author(id: Int) async -> Result<String, Error>
}

private final class QuoteRepositoryMock: ScriptedMock, QuoteRepository {
    func quote(id: Int) -> AnyPublisher<Quote, Error> { respond(id) }
    func author(id: Int) async -> Result<String, Error> { await respond(id) }
}

/// A Combine-style ViewModel: `flatMap` over a publisher-returning repository, and an async lookup.
private final class QuoteViewModel {
    struct Input {
        let show = PassthroughSubject<Int, Never>()
        let lookUpAuthor = PassthroughSubject<Int, Never>()
    }
    struct Output {
        let quote = PassthroughSubject<String, Never>()
        let author = PassthroughSubject<String, Never>()
        let error = PassthroughSubject<Error, Never>()
    }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private let repository: QuoteRepository

    init(repository: QuoteRepository) {
        self.repository = repository
        let repository = self.repository
        // A subject is not Sendable, as in Combine: the scenario runs its tasks on the main thread.
        nonisolated(unsafe) let output = self.output
        input.show
            .map { id in
                repository.quote(id: id)
                    .map(\.text)
                    .catch { error -> Empty<String, Never> in
                        output.error.send(error)
                        return Empty()
                    }
            }
            .switchToLatest()
            .subscribe(output.quote)
            .store(in: &cancellables)
        input.lookUpAuthor
            .sink { id in
                // Swift 6 test target: the example app's ViewModels are Swift 5 code, where this needs no marking.
                nonisolated(unsafe) let repository = repository
                Task { @MainActor in
                    switch await repository.author(id: id) {
                    case .success(let name): output.author.send(name)
                    case .failure(let error): output.error.send(error)
                    }
                }
            }
            .store(in: &cancellables)
    }
}

private let quoteCatalog = Catalog {
    ViewModelEntry("Quotes") { context in QuoteViewModel(repository: QuoteRepositoryMock(context)) }
}

extension ScriptedMockTests {
    func testPublisherReturningMocksAndUntypedResults() throws {
        // Given a quote that arrives late and is replaced, a failing quote, and an author lookup
        let result = try runInline(
            """
            {"viewModel": "Quotes",
             "mocks": {"QuoteRepository.quote": [
               {"after": "1s", "when": {"id": 1}, "return": {"text": "slow"}},
               {"after": "10ms", "when": {"id": 2}, "return": {"text": "fast"}},
               {"after": "10ms", "when": {"id": 3}, "throw": {"code": "gone", "message": "no quote 3"}}],
              "QuoteRepository.author": [{"after": "5ms", "return": "Ada"}]},
             "steps": [{"send": "show", "value": 1}, {"at": "100ms", "send": "show", "value": 2},
                       {"at": "200ms", "send": "show", "value": 3}, {"at": "300ms", "send": "lookUpAuthor", "value": 9}]}
            """, catalog: quoteCatalog)

        // Then the stale publisher's call is cancelled, the failure reaches the error output, Result works too
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "show", "value": 1}"#,
                #"{"at": "0.000s", "call": "QuoteRepository.quote", "args": {"id": 1}}"#,
                #"{"at": "0.100s", "input": "show", "value": 2}"#,
                #"{"at": "0.100s", "cancelled": "QuoteRepository.quote"}"#,
                #"{"at": "0.100s", "call": "QuoteRepository.quote", "args": {"id": 2}}"#,
                #"{"at": "0.110s", "response": "QuoteRepository.quote", "index": 1}"#,
                #"{"at": "0.110s", "output": "quote", "value": "fast"}"#,
                #"{"at": "0.200s", "input": "show", "value": 3}"#,
                #"{"at": "0.200s", "call": "QuoteRepository.quote", "args": {"id": 3}}"#,
                #"{"at": "0.210s", "response": "QuoteRepository.quote", "index": 2, "throw": true}"#,
                #"{"at": "0.210s", "output": "error", "value": {"$error": "ScriptedError", "code": "gone", "message": "no quote 3", "payload": {"code": "gone", "message": "no quote 3"}}}"#,
                #"{"at": "0.300s", "input": "lookUpAuthor", "value": 9}"#,
                #"{"at": "0.300s", "call": "QuoteRepository.author", "args": {"id": 9}}"#,
                #"{"at": "0.305s", "response": "QuoteRepository.author", "index": 0}"#,
                #"{"at": "0.305s", "output": "author", "value": "Ada"}"#,
            ])
    }
}

// MARK: - Matching rules and teardown

private struct Filter: Encodable {
    let a: Int
    let b: String
}

private protocol CatalogRepository {
    func items(filter: Filter, scale: Double) async throws -> [Int]
}

private final class CatalogRepositoryMock: ScriptedMock, CatalogRepository {
    func items(filter: Filter, scale: Double) async throws -> [Int] { try await respond(filter, scale) }
}

/// Loads on `load`; its deinit cancels the request still in flight.
private final class ItemsViewModel {
    struct Input { let load = PassthroughSubject<Int, Never>() }
    struct Output { let items = PassthroughSubject<[Int], Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private var task: Task<Void, Never>?

    init(repository: CatalogRepository) {
        nonisolated(unsafe) let repository = repository
        // A subject is not Sendable, as in Combine: the scenario runs its tasks on the main thread.
        nonisolated(unsafe) let output = self.output
        input.load
            .sink { [weak self] page in
                self?.task = Task { @MainActor in
                    if let items = try? await repository.items(filter: Filter(a: page, b: "x"), scale: 2.0) {
                        output.items.send(items)
                    }
                }
            }
            .store(in: &cancellables)
    }

    deinit { task?.cancel() }
}

private let itemsCatalog = Catalog {
    ViewModelEntry("Items") { context in ItemsViewModel(repository: CatalogRepositoryMock(context)) }
}

extension ScriptedMockTests {
    func testWhenComparesObjectsRegardlessOfMemberOrderAndNumbersByValue() throws {
        let result = try runInline(
            """
            {"viewModel": "Items",
             "mocks": {"CatalogRepository.items": [{"when": {"filter": {"b": "x", "a": 1}, "scale": 2}, "return": [7]}]},
             "steps": [{"send": "load", "value": 1}]}
            """, catalog: itemsCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(result.lines.last, #"{"at": "0.000s", "output": "items", "value": [7]}"#)
    }

    func testAUsedUpMatchingResponseIsNamedInTheReport() throws {
        let result = try runInline(
            """
            {"viewModel": "Items",
             "mocks": {"CatalogRepository.items": [
               {"when": {"filter": {"a": 1, "b": "x"}}, "return": [1]},
               {"when": {"filter": {"a": 2, "b": "x"}}, "return": [2]}]},
             "steps": [{"send": "load", "value": 1}, {"at": "1s", "send": "load", "value": 1}],
             "strict": false}
            """, catalog: itemsCatalog)

        XCTAssertEqual(
            result.findings.map(\.diagnostic.message),
            [
                #"no scripted response is left for CatalogRepository.items with {"filter": {"a": 1, "b": "x"}, "scale": 2.0}: "#
                    + #"response 0 matches but its use was taken; response 1 wants filter = {"a": 2, "b": "x"}, "#
                    + #"the call has {"a": 1, "b": "x"} (call made by step 1 at 1.000s)"#
            ])
    }

    func testWorkTheViewModelsDeinitStartsRunsBeforeTheEndChecks() throws {
        // Given a request still in flight at `until`, cancelled by the ViewModel's deinit
        let text = """
            {"viewModel": "Items",
             "mocks": {"CatalogRepository.items": [{"after": "5s", "return": [1]}]},
             "steps": [{"send": "load", "value": 1}], "until": "1s", "strict": false}
            """
        let first = try runInline(text, catalog: itemsCatalog)

        // Then the cancellation happens on the timeline, at the end, every time, and nothing is left running
        XCTAssertEqual(first.lines.last, #"{"at": "1.000s", "cancelled": "CatalogRepository.items"}"#)
        XCTAssertEqual(first.notes.map(\.description), [])
        for _ in 0..<20 {
            XCTAssertEqual(try runInline(text, catalog: itemsCatalog).timeline, first.timeline)
        }
    }

    func testRepeatFalseMayStandBesideTimes() throws {
        let result = try runInline(
            """
            {"viewModel": "Items",
             "mocks": {"CatalogRepository.items": [{"return": [1], "times": 2, "repeat": false}]},
             "steps": [{"send": "load", "value": 1}, {"at": "1s", "send": "load", "value": 2}]}
            """, catalog: itemsCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
    }
}
