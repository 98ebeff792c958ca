import Foundation
import Rehearsal
import RunnerFixtures
import XCTest

/// ViewModels in the `transform` shapes, driven through ports their catalog entries declare: Login (an `Input`
/// struct of publishers in, an `Output` struct out) and TodoList (an enum of inputs in, one state out).
/// XCTest: the runner drives the main thread.
final class TransformViewModelTests: XCTestCase {
    /// Runs the scenario at `path` with the runner tests' own catalog: `Scenarios/…` are the copies in
    /// `Fixtures/Transform`, other paths are relative to the package root.
    func run(_ path: String) -> ScenarioOutcome {
        let root = path.hasPrefix("Scenarios/") ? Fixtures.root + "/Transform" : Fixtures.packageRoot
        return ScenarioRunner(catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: root)).run(file: path)
    }

    func testLoginRoutesHomeThenFinishesTheRoute() throws {
        // Given valid credentials typed 100ms apart and a server that signs in after 400ms
        // When login is tapped, and tapped again after the flow ended
        let result = run("Scenarios/login/login-succeeds.json")

        // Then the button enables 300ms after the last keystroke, isLoading brackets the call, the route goes home and
        // finishes, and the late tap starts nothing
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "login/login-succeeds", "events": [
              {"at": "0.000s", "output": "isLoading", "value": false},
              {"at": "0.000s", "input": "email", "value": "kim@example.com"},
              {"at": "0.100s", "input": "password", "value": "secret"},
              {"at": "0.200s", "input": "password", "value": "secret-pass"},
              {"at": "0.500s", "output": "isLoginEnabled", "value": true},
              {"at": "1.000s", "input": "tapLogin"},
              {"at": "1.000s", "output": "isLoading", "value": true},
              {"at": "1.000s", "call": "AuthService.login", "args": {"email": "kim@example.com", "password":\
             "secret-pass"}},
              {"at": "1.400s", "response": "AuthService.login", "index": 0},
              {"at": "1.400s", "output": "isLoading", "value": false},
              {"at": "1.400s", "route": "home", "value": {"userId": "u42"}},
              {"at": "1.400s", "finished": "route"},
              {"at": "2.000s", "input": "tapLogin"}
            ]}

            """)
    }

    func testLoginButtonFollowsDebouncedValidation() throws {
        // Given an email without '@', then a valid one, then a password edited short, long and short again
        // When login is tapped while the button is disabled
        let result = run("Scenarios/login/validation.json")

        // Then isLoginEnabled settles 300ms after each burst without repeats, and the disabled tap calls nothing
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "login/validation", "events": [
              {"at": "0.000s", "output": "isLoading", "value": false},
              {"at": "0.000s", "input": "email", "value": "kim"},
              {"at": "0.000s", "input": "password", "value": "longenough"},
              {"at": "0.300s", "output": "isLoginEnabled", "value": false},
              {"at": "0.500s", "input": "tapLogin"},
              {"at": "1.000s", "input": "email", "value": "kim@example.com"},
              {"at": "1.300s", "output": "isLoginEnabled", "value": true},
              {"at": "2.000s", "input": "password", "value": "short"},
              {"at": "2.100s", "input": "password", "value": "longenough"},
              {"at": "3.000s", "input": "password", "value": "short"},
              {"at": "3.300s", "output": "isLoginEnabled", "value": false}
            ]}

            """)
    }

    func testRejectedLoginShowsTheMessageAndARetrySucceeds() throws {
        // Given a server that rejects the first password and accepts the second
        // When login is tapped, tapped again while in flight, then retried with another password
        let result = run("Scenarios/login/wrong-password.json")

        // Then the message is shown, the in-flight tap is ignored, and the retry routes home
        XCTAssertEqual(result.findings.map { "\($0)" }, [])
        XCTAssertEqual(
            result.timeline?.canonicalText,
            """
            {"version": 3, "scenario": "login/wrong-password", "events": [
              {"at": "0.000s", "output": "isLoading", "value": false},
              {"at": "0.000s", "input": "email", "value": "kim@example.com"},
              {"at": "0.000s", "input": "password", "value": "wrong-password"},
              {"at": "0.300s", "output": "isLoginEnabled", "value": true},
              {"at": "0.500s", "input": "tapLogin"},
              {"at": "0.500s", "output": "isLoading", "value": true},
              {"at": "0.500s", "call": "AuthService.login", "args": {"email": "kim@example.com", "password":\
             "wrong-password"}},
              {"at": "0.600s", "input": "tapLogin"},
              {"at": "0.800s", "response": "AuthService.login", "index": 0, "throw": true},
              {"at": "0.800s", "output": "isLoading", "value": false},
              {"at": "0.800s", "output": "error", "value": "Wrong email or password."},
              {"at": "1.000s", "input": "password", "value": "right-password"},
              {"at": "2.000s", "input": "tapLogin"},
              {"at": "2.000s", "output": "isLoading", "value": true},
              {"at": "2.000s", "call": "AuthService.login", "args": {"email": "kim@example.com", "password":\
             "right-password"}},
              {"at": "2.300s", "response": "AuthService.login", "index": 1},
              {"at": "2.300s", "output": "isLoading", "value": false},
              {"at": "2.300s", "route": "home", "value": {"userId": "u42"}},
              {"at": "2.300s", "finished": "route"}
            ]}

            """)
    }

    func testAnUnknownDeclaredInputGetsTheSameErrorAsAReflectedOne() throws {
        // Given a scenario that misspells the declared input 'email'
        // When it runs
        let result = run("Tests/RehearsalTests/Fixtures/invalid/login-unknown-input.json")

        // Then nothing runs, and the error points at the name with a suggestion and the declared inputs, exactly as
        // for a reflected input struct (Fixtures/invalid/unknown-input.json)
        XCTAssertNil(result.timeline)
        XCTAssertEqual(
            result.findings.map { "\($0)" },
            [
                """
                Tests/RehearsalTests/Fixtures/invalid/login-unknown-input.json:4:27: error: unknown input 'emial' \
                for ViewModel 'Login'
                    {"at": "0ms", "send": "emial", "value": "kim@example.com"}
                                          ^
                  hint: did you mean 'email'? Inputs: email, password, tapLogin
                """
            ])
    }
}
