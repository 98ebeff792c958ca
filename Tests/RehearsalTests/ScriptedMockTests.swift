import Rehearsal
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
        XCTAssertEqual(result.failures.map(\.description), [])
        XCTAssertEqual(
            result.lines.filter { $0.contains("\"response\"") },
            [
                #"{"at": "10ms", "seq": 2, "response": "StoreRepository.fetchContributors", "index": 1}"#,
                #"{"at": "1.01s", "seq": 7, "response": "StoreRepository.fetchContributors", "index": 0}"#,
                #"{"at": "2.01s", "seq": 12, "response": "StoreRepository.fetchContributors", "index": 1}"#,
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
            result.failures.map(\.description),
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
        XCTAssertEqual(result.failures.map(\.description), [])
        XCTAssertTrue(result.lines.contains(#"{"at": "1.3s", "seq": 9, "cancelled": "SearchRepository.search"}"#))
        XCTAssertEqual(
            result.lines.filter { $0.contains("\"response\"") },
            [
                #"{"at": "1.31s", "seq": 11, "response": "SearchRepository.search", "index": 1}"#
            ])
    }

    func testANeverAnsweringCallLeftWaitingFailsTheScenarioAtTheStepThatMadeIt() throws {
        let result = try runInline(
            """
            {"viewModel": "User",
             "mocks": {"UserService.fetchUser": [{"never": true}]},
             "steps": [{"at": "1s", "send": "loadUser", "value": "a"}], "until": "1m"}
            """)

        XCTAssertEqual(
            result.failures.map(\.error.headline),
            [
                "inline.json:3:12: error: the call to UserService.fetchUser made by step 0 at 1s still waits for an answer that never comes"
            ])
        XCTAssertEqual(
            result.lines.last, #"{"at": "1s", "seq": 5, "call": "UserService.fetchUser", "args": {"id": "a"}}"#)
    }
}
