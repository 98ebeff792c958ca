import Rehearsal
import XCTest

/// Each seed style driven from JSON through the example catalog: ports found by reflection (seed 000), an enum
/// input (seed 002), a ViewModelable (seed 003), a method-style ObservableObject (seed 001) and a callback-style
/// ViewModel with a race (seed 004).
final class SeedStyleRunnerTests: XCTestCase {
    func testSeed000InputOutputStructsAndRoutes() throws {
        // Given a Contributors scenario that loads, fails once, routes to the editor
        let result = try runInline(
            """
            {"viewModel": "Contributors", "config": {"storeId": 7, "store": {"storeId": 7, "name": "Deli"}},
             "mocks": {"StoreRepository.fetchContributors": [{"after": "50ms", "throw": {"code": "x", "message": "y"}}]},
             "steps": [{"send": "load"}, {"at": "100ms", "send": "didTapEdit"}, {"wait": "1ms", "send": "didTapClose"}]}
            """)

        // Then every input, call, response, output and route is on the timeline in order
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0ms", "input": "load"}"#,
                #"{"at": "0ms", "call": "StoreRepository.fetchContributors", "args": {"storeId": 7, "cursor": null}}"#,
                #"{"at": "50ms", "response": "StoreRepository.fetchContributors", "index": 0, "throw": true}"#,
                #"{"at": "50ms", "output": "error", "value": {"$error": "RepositoryError", "code": "x", "message": "y"}}"#,
                #"{"at": "100ms", "input": "didTapEdit"}"#,
                #"{"at": "100ms", "call": "LogManager.log", "args": {"event": "contributors_edit", "parameters": {"storeId": "7"}}}"#,
                #"{"at": "100ms", "route": "pushEditStore", "value": {"$type": "EditStoreViewModel", "storeId": 7, "name": "Deli"}}"#,
                #"{"at": "101ms", "input": "didTapClose"}"#,
                #"{"at": "101ms", "route": "dismiss"}"#,
            ])
    }

    func testSeed002EnumInputWithPayloadAndCurrentValueOutputs() throws {
        let result = try runInline(
            """
            {"viewModel": "MyPage", "steps": [{"send": "menuItemSelected", "value": 2}]}
            """)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0ms", "output": "stopLoading", "value": false}"#,
                #"{"at": "0ms", "output": "profileDataUpdated", "value": {"nickname": "RunLogger", "totalDistance": 0.0, "streakCount": 0, "logCount": 0}}"#,
                #"{"at": "0ms", "input": "menuItemSelected", "value": 2}"#,
                #"{"at": "0ms", "call": "LogManager.log", "args": {"event": "mypage_menu", "parameters": {"index": "2"}}}"#,
                #"{"at": "0ms", "route": "pushBadges"}"#,
            ])
    }

    func testSeed003ViewModelableActionsAndState() throws {
        let result = try runInline(
            """
            {"viewModel": "Counter", "config": {"initialCount": 5}, "steps": [{"send": "onTapSubtractButton"}]}
            """)

        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0ms", "state": "state", "value": {"count": 5}}"#,
                #"{"at": "0ms", "input": "onTapSubtractButton"}"#,
                #"{"at": "0ms", "state": "state", "value": {"count": 4}}"#,
            ])
    }

    func testSeed001MethodStyleActionAndPublishedProperties() throws {
        let result = try runInline(
            """
            {"viewModel": "User",
             "mocks": {"UserService.fetchUser": [{"after": "10ms", "return": {"id": "u9", "name": "Ha"}}]},
             "steps": [{"send": "loadUser", "value": "u9"}]}
            """)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0ms", "state": "user", "value": null}"#,
                #"{"at": "0ms", "state": "error", "value": null}"#,
                #"{"at": "0ms", "state": "isLoading", "value": false}"#,
                #"{"at": "0ms", "input": "loadUser", "value": "u9"}"#,
                #"{"at": "0ms", "state": "isLoading", "value": true}"#,
                #"{"at": "0ms", "call": "UserService.fetchUser", "args": {"id": "u9"}}"#,
                #"{"at": "10ms", "response": "UserService.fetchUser", "index": 0}"#,
                #"{"at": "10ms", "state": "user", "value": {"id": "u9", "name": "Ha"}}"#,
                #"{"at": "10ms", "state": "isLoading", "value": false}"#,
            ])
    }

    func testSeed004CallbackFiresBeforeTheResponses() throws {
        let result = try runInline(
            """
            {"viewModel": "RandomUser",
             "mocks": {"RandomUserService.fetchRandomPerson": [
               {"after": "20ms", "return": {"name": "A", "profileImage": "a", "emailAddress": "a@x"}, "times": 4}]},
             "steps": [{"send": "networkRandomUser"}]}
            """)

        XCTAssertEqual(result.findings.map(\.description), [])
        // The completion callback is the third event; every person arrives 20ms later.
        XCTAssertEqual(
            Array(result.lines.prefix(4)),
            [
                #"{"at": "0ms", "state": "person", "value": []}"#,
                #"{"at": "0ms", "input": "networkRandomUser"}"#,
                #"{"at": "0ms", "callback": "completion"}"#,
                #"{"at": "0ms", "call": "RandomUserService.fetchRandomPerson"}"#,
            ])
        XCTAssertEqual(result.lines.filter { $0.contains("\"state\": \"person\"") }.count, 5)
        XCTAssertEqual(result.lines.last?.hasPrefix(#"{"at": "20ms", "state": "person""#), true)
    }

    func testDebounceOnDispatchQueueMainRunsOnVirtualTime() throws {
        // Given a ViewModel that debounces on DispatchQueue.main (redirected to the virtual timeline)
        let result = try runInline(
            """
            {"viewModel": "Search",
             "mocks": {"SearchRepository.search": [{"after": "2m", "return": []}]},
             "steps": [{"send": "query", "value": "a"}, {"at": "10m", "send": "query", "value": ""}]}
            """)

        // Then minutes of virtual time pass at exact virtual instants (no real waiting: the test takes milliseconds)
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertTrue(
            result.lines.contains(
                #"{"at": "300ms", "call": "SearchRepository.search", "args": {"query": "a"}}"#))
        XCTAssertTrue(
            result.lines.contains(#"{"at": "2.005m", "response": "SearchRepository.search", "index": 0}"#))
        XCTAssertEqual(result.lines.last, #"{"at": "10.005m", "output": "results", "value": []}"#)
    }

    func testTheSameScenarioGivesByteIdenticalTimelines() throws {
        let text = try String(
            contentsOfFile: Fixtures.packageRoot + "/Scenarios/search/stale-request-cancelled.json", encoding: .utf8)
        let first = try runInline(text).timeline?.canonicalText
        for _ in 0..<50 {
            XCTAssertEqual(try runInline(text).timeline?.canonicalText, first)
        }
    }
}
