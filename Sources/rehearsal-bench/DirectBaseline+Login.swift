import CombineCompat
import ExampleApp
import Foundation
import Rehearsal
import ScenarioJSON
import VirtualTime

extension DirectBaseline {
    /// What the Login loop saw the ViewModel do, at a virtual instant.
    struct LoginEvent: Equatable {
        enum Kind: Equatable {
            case isLoginEnabled(Bool)
            case isLoading(Bool)
            case error(String)
            case home(userId: String)
            case routeFinished
            /// A call of the service, with the credentials it was given.
            case login(email: String, password: String)
        }

        var at: ScenarioDuration
        var kind: Kind
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
        /// Whether `Task.sleep`, `Date()` and `DispatchQueue` run on the virtual clock, as in the runner's runs.
        var virtualizesSystemTime: Bool

        /// The loop: a virtual clock, the ViewModel with a hand-written service, its outputs collected, the sends
        /// at their instants, the clock run until nothing is left (or to `until`), then the subscriptions cancelled
        /// and the ViewModel released, and what that started run out.
        func play() -> [LoginEvent] {
            let loop = VirtualEventLoop()
            // The loop runs on this thread, which plays the main thread inside the scenario.
            nonisolated(unsafe) let script = self
            nonisolated(unsafe) var seen: [LoginEvent] = []
            do {
                try loop.runScenario(virtualizesSystemTime: virtualizesSystemTime) {
                    try MainActor.assumeIsolated {
                        let note = { (kind: LoginEvent.Kind) in seen.append(LoginEvent(at: loop.now, kind: kind)) }
                        let email = PassthroughSubject<String, Never>()
                        let password = PassthroughSubject<String, Never>()
                        let tapLogin = PassthroughSubject<Void, Never>()
                        var viewModel: LoginViewModel? = LoginViewModel(
                            authService: HandAuthService(
                                script.answers, calls: { note(.login(email: $0, password: $1)) }))
                        let output = viewModel?.transform(
                            input: .init(
                                email: email.eraseToAnyPublisher(), password: password.eraseToAnyPublisher(),
                                tapLogin: tapLogin.eraseToAnyPublisher()))
                        guard let output else { return }
                        var subscriptions = [
                            output.isLoginEnabled.sink { note(.isLoginEnabled($0)) },
                            output.isLoading.sink { note(.isLoading($0)) },
                            output.error.sink { note(.error($0)) },
                            output.route.sink(
                                receiveCompletion: { _ in note(.routeFinished) },
                                receiveValue: { route in
                                    switch route {
                                    case .home(let userId): note(.home(userId: userId))
                                    }
                                }),
                        ]
                        // Held to the end of the play: a local's value may otherwise go after its last use.
                        try withExtendedLifetime(viewModel) {
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
                        subscriptions.forEach { $0.cancel() }
                        subscriptions.removeAll()
                        viewModel = nil
                        try loop.settle()
                    }
                }
            } catch {
                preconditionFailure("the Login loop did not settle: \(error)")
            }
            return seen
        }

        /// The loop's script of a Login scenario, checked to do the harness's work: it sends as many inputs as the
        /// harness's timeline records, and what it sees (outputs with their values, the route and its end, the
        /// service's calls with their arguments) is what the timeline records, at the same virtual instants.
        static func checked(_ scenario: Scenario, runner: ScenarioRunner) throws -> LoginScript {
            let script = try LoginScript(scenario, virtualizesSystemTime: runner.virtualizesSystemTime)
            let events = runner.run(scenario).timeline?.events ?? []
            let recorded = try events.compactMap { try LoginEvent($0, in: scenario) }
            let seen = script.play()
            guard seen == recorded, script.sends.count == events.count(where: { $0.kind.label == .input }) else {
                throw RunnerBench.BenchError.invalid(
                    scenario.name, "the hand-written loop does not do the harness's work (saw \(seen), not \(recorded))"
                )
            }
            return script
        }

        init(_ scenario: Scenario, virtualizesSystemTime: Bool) throws {
            self.virtualizesSystemTime = virtualizesSystemTime
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

    /// A hand-written `AuthService`: each call is told to `calls`, takes the next answer and gives it after its
    /// latency, sleeping on the clock the ViewModel's `Task` runs on.
    final class HandAuthService: AuthService {
        struct Answer {
            var after: ScenarioDuration
            var result: Result<AuthSession, RepositoryError>
        }

        private var answers: [Answer]
        private let calls: (String, String) -> Void

        init(_ answers: [Answer], calls: @escaping (String, String) -> Void) {
            self.answers = answers
            self.calls = calls
        }

        func login(email: String, password: String) async throws -> AuthSession {
            calls(email, password)
            let answer = answers.removeFirst()
            try await Task.sleep(nanoseconds: UInt64(answer.after.nanoseconds))
            return try answer.result.get()
        }
    }
}

extension DirectBaseline.LoginEvent {
    /// What a timeline event of a Login run is to the loop: nil for what the loop does not see (inputs, responses),
    /// an error for what it could not see either.
    init?(_ event: TimelineEvent, in scenario: Scenario) throws {
        let kind: Kind?
        switch event.kind {
        case .output("isLoginEnabled", .bool(let flag)?): kind = .isLoginEnabled(flag)
        case .output("isLoading", .bool(let flag)?): kind = .isLoading(flag)
        case .output("error", .string(let message)?): kind = .error(message)
        case .route("home", .object(let payload)?):
            kind = payload["userId"]?.stringValue.map { .home(userId: $0) }
        case .finished("route"): kind = .routeFinished
        case .call("AuthService.login", let arguments):
            kind = zip(arguments["email"]?.stringValue, arguments["password"]?.stringValue).map {
                .login(email: $0, password: $1)
            }
        case .input, .response: return nil
        default: kind = nil
        }
        guard let kind else {
            throw RunnerBench.BenchError.invalid(scenario.name, "a Login event the loop cannot see: \(event.kind)")
        }
        self.init(at: event.at, kind: kind)
    }
}

/// Both values, or nil.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
