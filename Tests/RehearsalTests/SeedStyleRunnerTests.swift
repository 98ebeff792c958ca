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
                #"{"at": "0.000s", "input": "load"}"#,
                #"{"at": "0.000s", "call": "StoreRepository.fetchContributors", "args": {"storeId": 7, "cursor": null}}"#,
                #"{"at": "0.050s", "response": "StoreRepository.fetchContributors", "index": 0, "throw": true}"#,
                #"{"at": "0.050s", "output": "error", "value": {"$error": "RepositoryError", "code": "x", "message": "y"}}"#,
                #"{"at": "0.100s", "input": "didTapEdit"}"#,
                #"{"at": "0.100s", "call": "LogManager.log", "args": {"event": "contributors_edit", "parameters": {"storeId": "7"}}}"#,
                #"{"at": "0.100s", "route": "pushEditStore", "value": {"$type": "EditStoreViewModel", "storeId": 7, "name": "Deli"}}"#,
                #"{"at": "0.101s", "input": "didTapClose"}"#,
                #"{"at": "0.101s", "route": "dismiss"}"#,
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
                #"{"at": "0.000s", "output": "stopLoading", "value": false}"#,
                #"{"at": "0.000s", "output": "profileDataUpdated", "value": {"nickname": "RunLogger", "totalDistance": 0.0, "streakCount": 0, "logCount": 0}}"#,
                #"{"at": "0.000s", "input": "menuItemSelected", "value": 2}"#,
                #"{"at": "0.000s", "call": "LogManager.log", "args": {"event": "mypage_menu", "parameters": {"index": "2"}}}"#,
                #"{"at": "0.000s", "route": "pushBadges"}"#,
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
                #"{"at": "0.000s", "state": "state", "value": {"count": 5}}"#,
                #"{"at": "0.000s", "input": "onTapSubtractButton"}"#,
                #"{"at": "0.000s", "state": "state", "value": {"count": 4}}"#,
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
                #"{"at": "0.000s", "state": "user", "value": null}"#,
                #"{"at": "0.000s", "state": "error", "value": null}"#,
                #"{"at": "0.000s", "state": "isLoading", "value": false}"#,
                #"{"at": "0.000s", "input": "loadUser", "value": "u9"}"#,
                #"{"at": "0.000s", "state": "isLoading", "value": true}"#,
                #"{"at": "0.000s", "call": "UserService.fetchUser", "args": {"id": "u9"}}"#,
                #"{"at": "0.010s", "response": "UserService.fetchUser", "index": 0}"#,
                #"{"at": "0.010s", "state": "user", "value": {"id": "u9", "name": "Ha"}}"#,
                #"{"at": "0.010s", "state": "isLoading", "value": false}"#,
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
                #"{"at": "0.000s", "state": "person", "value": []}"#,
                #"{"at": "0.000s", "input": "networkRandomUser"}"#,
                #"{"at": "0.000s", "callback": "completion"}"#,
                #"{"at": "0.000s", "call": "RandomUserService.fetchRandomPerson"}"#,
            ])
        XCTAssertEqual(result.lines.filter { $0.contains("\"state\": \"person\"") }.count, 5)
        XCTAssertEqual(result.lines.last?.hasPrefix(#"{"at": "0.020s", "state": "person""#), true)
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
                #"{"at": "0.300s", "call": "SearchRepository.search", "args": {"query": "a"}}"#))
        XCTAssertTrue(
            result.lines.contains(#"{"at": "2m00.300s", "response": "SearchRepository.search", "index": 0}"#))
        XCTAssertEqual(result.lines.last, #"{"at": "10m00.300s", "output": "results", "value": []}"#)
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
