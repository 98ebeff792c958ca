import CombineCompat
import Rehearsal
import Testing

/// A value that is not `Encodable`: recorded by reflection, with its `"$type"`.
private struct Filter {
    let category: String
    let page: Int
}

private enum ShelfError: Error, Codable, Equatable {
    case offline
    case server(code: Int)
}

private protocol BookRepository {
    func books(filter: Filter, completion: @escaping (Result<[String], ShelfError>) -> Void)
}

private final class BookRepositoryMock: ScriptedMock, BookRepository {
    func books(filter: Filter, completion: @escaping (Result<[String], ShelfError>) -> Void) {
        respond(filter, completion: completion)
    }
}

/// A shelf: browsing a category asks the repository with a filter and shows the books or the error.
private final class ShelfViewModel {
    struct Input { let browse = PassthroughSubject<String, Never>() }
    struct Output {
        let books = PassthroughSubject<[String], Never>()
        let error = PassthroughSubject<ShelfError, Never>()
    }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init(repository: BookRepository) {
        nonisolated(unsafe) let repository = repository
        let output = self.output
        input.browse
            .sink { category in
                repository.books(filter: Filter(category: category, page: 1)) { result in
                    switch result {
                    case .success(let books): output.books.send(books)
                    case .failure(let error): output.error.send(error)
                    }
                }
            }
            .store(in: &cancellables)
    }
}

private let shelfCatalog = Catalog {
    ViewModelEntry("Shelf") { context in
        let viewModel = ShelfViewModel(repository: BookRepositoryMock(context))
        context.output("feed", Fail<Int, ShelfError>(error: .server(code: 500)))
        context.output("motto", Just("read"))
        return viewModel
    }
    ViewModelEntry("ShelfInTheBackground") { context in
        ShelfViewModel(repository: BookRepositoryMock(context, delivery: .background))
    }
}

/// `when` matches the members it writes; properties name finished and failed events and errors by their case;
/// completion handlers are called where the mock delivers.
@Suite struct MatchingAndDeliveryTests {
    @Test func whenMatchesTheMembersItWritesAndPropertiesNameEndsAndErrorCases() throws {
        // Given a `when` on part of a value that is not Encodable, and properties on the ends of the outputs
        let outcome = try runInline(
            """
            {"viewModel": "Shelf",
             "mocks": {"BookRepository.books": [
               {"after": "10ms", "when": {"filter": {"category": "fiction"}}, "return": ["Dune"]},
               {"after": "10ms", "when": {"filter": {"category": "poetry"}}, "throw": "offline"}]},
             "steps": [{"send": "browse", "value": "fiction"}, {"at": "1s", "send": "browse", "value": "poetry"}],
             "properties": [
               {"final": {"failed": "feed"}, "equals": {"server": {"code": 500}}},
               {"count": {"failed": "*"}, "equals": 1},
               {"count": {"finished": "motto"}, "equals": 1},
               {"final": "error", "equals": "offline"},
               {"count": {"finished": "feed"}, "atLeast": 1}]}
            """, catalog: shelfCatalog)

        // Then the calls found their responses without repeating "$type", every property but the last holds, and
        // the last one's hint does not send to explore (nothing in the scenario could happen in another order)
        #expect(
            outcome.lines == [
                #"{"at": "0.000s", "failed": "feed", "error": {"$error": "ShelfError", "case": "server", "value": {"code": 500}}}"#,
                #"{"at": "0.000s", "output": "motto", "value": "read"}"#,
                #"{"at": "0.000s", "finished": "motto"}"#,
                #"{"at": "0.000s", "input": "browse", "value": "fiction"}"#,
                #"{"at": "0.000s", "call": "BookRepository.books", "args": {"filter": {"$type": "Filter", "category": "fiction", "page": 1}}}"#,
                #"{"at": "0.010s", "response": "BookRepository.books", "index": 0}"#,
                #"{"at": "0.010s", "output": "books", "value": ["Dune"]}"#,
                #"{"at": "1.000s", "input": "browse", "value": "poetry"}"#,
                #"{"at": "1.000s", "call": "BookRepository.books", "args": {"filter": {"$type": "Filter", "category": "poetry", "page": 1}}}"#,
                #"{"at": "1.010s", "response": "BookRepository.books", "index": 1, "throw": true}"#,
                #"{"at": "1.010s", "output": "error", "value": {"$error": "ShelfError", "case": "offline"}}"#,
            ])
        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:11:4: error: property 4 does not hold: finished 'feed' happens at least 1 time: it \
                happened 0 times
                   {"count": {"finished": "feed"}, "atLeast": 1}]}
                   ^
                  hint: fix the ViewModel or the property: nothing in this scenario can happen in another order, so \
                it fails the same way in every schedule
                """
            ])
    }

    @Test func aCallNoWhenMatchesIsLocatedAtItsStepAndTheUnusedResponseSaysSo() throws {
        // Given a call whose filter matches no response
        let outcome = try runInline(
            """
            {"viewModel": "Shelf",
             "mocks": {"BookRepository.books": [
               {"when": {"filter": {"category": "fiction"}}, "return": ["Dune"]},
               {"when": {"filter": {"category": "poetry"}}, "return": ["Odes"]}]},
             "steps": [{"send": "browse", "value": "fiction"}, {"at": "1s", "send": "browse", "value": "drama"}]}
            """, catalog: shelfCatalog)

        // Then the call is reported at the step that made it (the key second), and the response it did not match
        // points back to it instead of asking why the method was called "only" twice
        #expect(
            outcome.findings.map(\.description) == [
                """
                inline.json:5:52: error: no scripted response for BookRepository.books matches {"filter": {"$type": \
                "Filter", "category": "drama", "page": 1}}: response 1 wants filter = {"category": "poetry"}, the \
                call has {"$type": "Filter", "category": "drama", "page": 1} (call made by step 1 at 1.000s)
                 "steps": [{"send": "browse", "value": "fiction"}, {"at": "1s", "send": "browse", "value": "drama"}]}
                                                                   ^
                  mock key: inline.json:2:12
                  hint: change the response's 'when', or add a response for these arguments
                """,
                """
                inline.json:4:4: error: scripted response 1 for BookRepository.books was not used (1 use left)
                   {"when": {"filter": {"category": "poetry"}}, "return": ["Odes"]}]},
                   ^
                  hint: see the call of BookRepository.books reported above, which no response matched: fix the \
                call's arguments or this response's 'when'
                """,
            ])
    }

    @Test func aCompletionHandlerIsCalledWhereTheMockDelivers() throws {
        // Given the same answer from a mock made with `delivery: .background`
        let outcome = try runInline(
            """
            {"viewModel": "ShelfInTheBackground",
             "mocks": {"BookRepository.books": [{"after": "10ms", "return": ["Dune"]}]},
             "steps": [{"send": "browse", "value": "fiction"}]}
            """, catalog: shelfCatalog)

        // Then the ViewModel, which hops to no main queue, emits off the main thread
        #expect(
            outcome.findings.map(\.diagnostic.message) == [
                "output \"books\" emitted off the main thread once, first at 0.010s in work started by step 0: a "
                    + "phone's UI reads it on the main thread"
            ])
    }

    @Test func aDeliveryThatIsNeitherMainNorBackgroundIsAnError() throws {
        let error = #expect(throws: ScenarioLoadError.self) {
            try runInline(
                """
                {"viewModel": "Shelf",
                 "mocks": {"BookRepository.books": [{"deliver": "mian", "return": []}]}}
                """, catalog: shelfCatalog)
        }
        #expect(
            error?.description == """
                inline.json:2:49: error: expected "main" or "background" for 'deliver', found 'mian'
                 "mocks": {"BookRepository.books": [{"deliver": "mian", "return": []}]}}
                                                                ^
                  hint: did you mean "main"?
                """)
    }
}
