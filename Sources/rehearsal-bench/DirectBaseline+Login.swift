import CombineCompat
import ExampleApp
import Foundation
import Rehearsal
import ScenarioJSON
import VirtualTime

extension DirectBaseline {
    /// What a loop saw: something the ViewModel emitted (an output's name, a route's case, `finished route`) and the
    /// virtual instant it came at.
    struct Emission: Equatable {
        var at: ScenarioDuration
        var name: String
    }

    /// One Login scenario as the hand-written loop plays it: its sends at their instants, and the answers of its
    /// `AuthService.login` mock in order, decoded before the loop runs.
    struct LoginScript {
        enum Send {
            case email(String)
            case password(String)
            case tapLogin
        }

        var sends: [(at: ScenarioDuration, send: Send)]
        var answers: [HandAuthService.Answer]
        /// The scenario's `until`, where the harness stops, if it has one.
        var until: ScenarioDuration?

        /// The loop: a virtual clock, the ViewModel with a hand-written service, its outputs collected, the sends
        /// at their instants, then the clock run until nothing is left (or to `until`).
        func play() -> [Emission] {
            let loop = VirtualEventLoop()
            // The loop runs on this thread, which plays the main thread inside the scenario.
            nonisolated(unsafe) let script = self
            nonisolated(unsafe) var seen: [Emission] = []
            do {
                try loop.runScenario {
                    try MainActor.assumeIsolated {
                        let email = PassthroughSubject<String, Never>()
                        let password = PassthroughSubject<String, Never>()
                        let tapLogin = PassthroughSubject<Void, Never>()
                        let viewModel = LoginViewModel(authService: HandAuthService(script.answers))
                        let output = viewModel.transform(
                            input: .init(
                                email: email.eraseToAnyPublisher(), password: password.eraseToAnyPublisher(),
                                tapLogin: tapLogin.eraseToAnyPublisher()))
                        let note = { (name: String) in seen.append(Emission(at: loop.now, name: name)) }
                        let subscriptions = [
                            output.isLoginEnabled.sink { _ in note("isLoginEnabled") },
                            output.isLoading.sink { _ in note("isLoading") },
                            output.error.sink { _ in note("error") },
                            output.route.sink(
                                receiveCompletion: { _ in note("finished route") },
                                receiveValue: { route in
                                    switch route {
                                    case .home: note("home")
                                    }
                                }),
                        ]
                        // Held to the end of the play: a local's value may otherwise go after its last use.
                        try withExtendedLifetime((viewModel, subscriptions)) {
                            for (at, send) in script.sends {
                                try loop.advance(to: max(at, loop.now))
                                switch send {
                                case .email(let text): email.send(text)
                                case .password(let text): password.send(text)
                                case .tapLogin: tapLogin.send(())
                                }
                                try loop.settle()
                            }
                            if let until = script.until {
                                try loop.advance(to: max(until, loop.now))
                            } else {
                                try loop.run()
                            }
                        }
                        try loop.settle()
                    }
                }
            } catch {
                preconditionFailure("the Login loop did not settle: \(error)")
            }
            return seen
        }

        /// The loop's script of a Login scenario, checked to do the harness's work: what it sees is what the
        /// harness's timeline records the ViewModel emitting, at the same instants.
        static func checked(_ scenario: Scenario, runner: ScenarioRunner) throws -> LoginScript {
            let script = try LoginScript(scenario)
            let emitted = (runner.run(scenario).timeline?.events ?? []).compactMap { event -> Emission? in
                switch event.kind {
                case .output(let name, _), .route(let name, _): Emission(at: event.at, name: name)
                case .finished(let name): Emission(at: event.at, name: "finished \(name)")
                default: nil
                }
            }
            let seen = script.play()
            guard seen == emitted else {
                throw RunnerBench.BenchError.invalid(
                    scenario.name, "the hand-written loop does not do the harness's work (saw \(seen), not \(emitted))")
            }
            return script
        }

        init(_ scenario: Scenario) throws {
            until = scenario.until
            sends = try scenario.steps.compactMap { step -> (ScenarioDuration, Send)? in
                let text = step.inputValue?.stringValue
                switch (step.inputName, text) {
                case (nil, _): return nil
                case ("email", let text?): return (step.at, .email(text))
                case ("password", let text?): return (step.at, .password(text))
                case ("tapLogin", nil): return (step.at, .tapLogin)
                case (let other?, _):
                    throw RunnerBench.BenchError.invalid(scenario.name, "a Login step the loop cannot send: \(other)")
                }
            }
            let responses = scenario.mocks.first { $0.key == "AuthService.login" }?.responses ?? []
            answers = try responses.map { response in
                switch response.outcome {
                case .value(let value):
                    return .init(
                        after: response.after,
                        result: .success(try JSONValueDecoder().decode(AuthSession.self, from: value)))
                case .error(let value):
                    return .init(
                        after: response.after,
                        result: .failure(try JSONValueDecoder().decode(RepositoryError.self, from: value)))
                case .never, .stream:
                    throw RunnerBench.BenchError.invalid(scenario.name, "a Login answer the loop cannot give")
                }
            }
        }
    }

    /// A hand-written `AuthService`: each call takes the next answer and gives it after its latency, sleeping on
    /// the clock the ViewModel's `Task` runs on.
    final class HandAuthService: AuthService {
        struct Answer {
            var after: ScenarioDuration
            var result: Result<AuthSession, RepositoryError>
        }

        private var answers: [Answer]

        init(_ answers: [Answer]) {
            self.answers = answers
        }

        func login(email: String, password: String) async throws -> AuthSession {
            let answer = answers.removeFirst()
            try await Task.sleep(nanoseconds: UInt64(answer.after.nanoseconds))
            return try answer.result.get()
        }
    }
}
