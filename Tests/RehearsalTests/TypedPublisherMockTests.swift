import CombineCompat
import Foundation
import Rehearsal
import XCTest

/// Mock methods returning `AnyPublisher<T, E>` with a typed `E` and `AnyPublisher<T, Never>`: a scripted `"throw"`
/// decodes into the publisher's own `Failure`.
final class TypedPublisherMockTests: XCTestCase {
    func testATypedPublisherPublishesTheValueOrFailsWithTheScriptedErrorOfItsOwnType() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.searchRepositories": [
                {"after": "200ms", "return": [{"name": "swift"}, {"name": "swift-nio"}]},
                {"after": "100ms", "throw": {"rateLimited": {"retryAfter": 30}}}]},
             "steps": [{"send": "search", "value": "swift"}, {"at": "1s", "send": "search", "value": "combine"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "search", "value": "swift"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.searchRepositories", "args": {"query": "swift", "page": 1}}"#,
                #"{"at": "0.200s", "response": "RepoSearchRepository.searchRepositories", "index": 0}"#,
                #"{"at": "0.200s", "output": "log", "value": "swift,swift-nio"}"#,
                #"{"at": "0.200s", "output": "log", "value": "finished"}"#,
                #"{"at": "1.000s", "input": "search", "value": "combine"}"#,
                #"{"at": "1.000s", "call": "RepoSearchRepository.searchRepositories", "args": {"query": "combine", "page": 1}}"#,
                #"{"at": "1.100s", "response": "RepoSearchRepository.searchRepositories", "index": 1, "throw": true}"#,
                #"{"at": "1.100s", "output": "log", "value": "failed rateLimited(retryAfter: 30)"}"#,
            ])
    }

    func testAThrowThatDoesNotDecodeIntoTheFailureTypeIsReportedAtTheScriptedValue() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.searchRepositories": [{"throw": {"rateLimit": {"retryAfter": 30}}}]},
             "steps": [{"send": "search", "value": "swift"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:2:67: error: mocks.RepoSearchRepository.searchRepositories[0].throw: the scripted response \
                does not decode into SearchError: unknown case "rateLimit" of SearchError
                 "mocks": {"RepoSearchRepository.searchRepositories": [{"throw": {"rateLimit": {"retryAfter": 30}}}]},
                                                                                  ^
                  hint: did you mean "rateLimited"? Cases: rateLimited, offline
                """
            ])
    }

    func testCancellingTheSubscriptionCancelsTheCall() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.searchRepositories": [{"after": "1s", "throw": {"offline": {}}}]},
             "steps": [{"send": "search", "value": "swift"}, {"at": "500ms", "send": "cancel"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "search", "value": "swift"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.searchRepositories", "args": {"query": "swift", "page": 1}}"#,
                #"{"at": "0.500s", "input": "cancel"}"#,
                #"{"at": "0.500s", "cancelled": "RepoSearchRepository.searchRepositories"}"#,
            ])
    }

    func testAPublisherThatCannotFailPlaysAStreamAndReportsAThrow() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.trending": [{"stream": [{"after": "10ms", "yield": [{"name": "a"}]},
                                                                     {"after": "10ms", "throw": {"offline": {}}}]}]},
             "steps": [{"send": "loadTrending"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:3:85: error: RepoSearchRepository.trending returns a publisher whose Failure is Never, \
                which cannot fail
                                                                         {"after": "10ms", "throw": {"offline": {}}}]}]},
                                                                                                    ^
                  hint: end the stream with {"finish": true}, or give the publisher an Error type
                """
            ])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "loadTrending"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.trending"}"#,
                #"{"at": "0.010s", "response": "RepoSearchRepository.trending", "index": 0, "element": 0}"#,
                #"{"at": "0.010s", "output": "log", "value": "trending a"}"#,
                #"{"at": "0.020s", "response": "RepoSearchRepository.trending", "index": 0, "element": 1, "throw": true}"#,
                #"{"at": "0.020s", "output": "log", "value": "trending finished"}"#,
            ])
    }

    /// A call no response answers is reported, and the timeline shows the call and nothing after it: no
    /// `cancelled`, since the ViewModel cancelled nothing (the run's end ends the wait).
    func testACallWithoutAResponseIsRecordedWithoutACancellationTheViewModelNeverMade() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "steps": [{"send": "search", "value": "swift"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:2:12: error: no response is scripted for RepoSearchRepository.searchRepositories (call \
                made by step 0 at 0.000s)
                 "steps": [{"send": "search", "value": "swift"}]}
                           ^
                  hint: add "RepoSearchRepository.searchRepositories": [{"after": "0ms", "return": …}] to "mocks"
                """
            ])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "search", "value": "swift"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.searchRepositories", "args": {"query": "swift", "page": 1}}"#,
            ])
    }

    /// A call of an unscripted method while a key of the same mock is not called yet waits for the end of the run:
    /// that key called later is no other name for the method, so the call is reported as having no response, with
    /// the step and instant it was made at.
    func testAnUnscriptedCallIsReportedAsMissingWhenTheOtherKeyOfItsMockIsCalledLater() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.trending": [{"return": []}]},
             "steps": [{"send": "search", "value": "swift"}, {"at": "1s", "send": "loadTrending"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:3:12: error: no response is scripted for RepoSearchRepository.searchRepositories (call \
                made by step 0 at 0.000s)
                 "steps": [{"send": "search", "value": "swift"}, {"at": "1s", "send": "loadTrending"}]}
                           ^
                  hint: add "RepoSearchRepository.searchRepositories": [{"after": "0ms", "return": …}] to "mocks"
                """
            ])
    }
}
