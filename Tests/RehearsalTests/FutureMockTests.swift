import CombineCompat
import Foundation
import Rehearsal
import XCTest

/// Mock methods returning `Future<T, E>`: the call is made when the future is, and the future is fulfilled at the
/// answer's virtual time with the value or the error of its own `Failure` type.
final class FutureMockTests: XCTestCase {
    func testAFutureIsFulfilledAtTheAnswersTimeWithTheValueOrTheTypedError() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.repository": [{"after": "50ms", "return": {"name": "swift"}},
                                                           {"after": "50ms", "throw": {"offline": {}}}]},
             "steps": [{"send": "open", "value": "swift"}, {"at": "1s", "send": "open", "value": "gone"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "open", "value": "swift"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.repository", "args": {"name": "swift"}}"#,
                #"{"at": "0.050s", "response": "RepoSearchRepository.repository", "index": 0}"#,
                #"{"at": "0.050s", "output": "log", "value": "opened swift"}"#,
                #"{"at": "0.050s", "output": "log", "value": "finished"}"#,
                #"{"at": "1.000s", "input": "open", "value": "gone"}"#,
                #"{"at": "1.000s", "call": "RepoSearchRepository.repository", "args": {"name": "gone"}}"#,
                #"{"at": "1.050s", "response": "RepoSearchRepository.repository", "index": 1, "throw": true}"#,
                #"{"at": "1.050s", "output": "log", "value": "failed offline"}"#,
            ])
    }

    /// A `Future` made in `Deferred` makes the call when the subscription starts, not when the method is called.
    func testADeferredFutureMakesTheCallWhenSubscribed() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.repositoryOnDemand": [{"after": "50ms", "return": {"name": "swift"}}]},
             "steps": [{"send": "openOnDemand", "value": "swift"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "openOnDemand", "value": "swift"}"#,
                #"{"at": "0.000s", "output": "log", "value": "made"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.repositoryOnDemand", "args": {"name": "swift"}}"#,
                #"{"at": "0.050s", "response": "RepoSearchRepository.repositoryOnDemand", "index": 0}"#,
                #"{"at": "0.050s", "output": "log", "value": "opened swift"}"#,
                #"{"at": "0.050s", "output": "log", "value": "finished"}"#,
            ])
    }

    func testAThrowForAFutureThatCannotFailIsReportedAndLeavesItUnfulfilled() throws {
        let result = try runInline(
            """
            {"viewModel": "RepoSearch",
             "mocks": {"RepoSearchRepository.cachedRepository": [{"return": {"name": "a"}}, {"throw": {"offline": {}}}]},
             "steps": [{"send": "openCached", "value": "a"}, {"at": "1s", "send": "openCached", "value": "b"}]}
            """, catalog: repoSearchCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:2:91: error: RepoSearchRepository.cachedRepository cannot fail: its Failure is Never
                 "mocks": {"RepoSearchRepository.cachedRepository": [{"return": {"name": "a"}}, {"throw": {"offline": {}}}]},
                                                                                                          ^
                  hint: script "return": <value> for this method
                """
            ])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "openCached", "value": "a"}"#,
                #"{"at": "0.000s", "call": "RepoSearchRepository.cachedRepository", "args": {"name": "a"}}"#,
                #"{"at": "0.000s", "response": "RepoSearchRepository.cachedRepository", "index": 0}"#,
                #"{"at": "0.000s", "output": "log", "value": "cached a"}"#,
                #"{"at": "1.000s", "input": "openCached", "value": "b"}"#,
                #"{"at": "1.000s", "call": "RepoSearchRepository.cachedRepository", "args": {"name": "b"}}"#,
                #"{"at": "1.000s", "response": "RepoSearchRepository.cachedRepository", "index": 1, "throw": true}"#,
            ])
    }
}
