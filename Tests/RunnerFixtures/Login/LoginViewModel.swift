// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// Login in the `transform(input:)` shape: the view hands over its input publishers once and binds to the output
/// publishers it gets back.
///
/// `isLoginEnabled` says whether the email contains "@" and the password has at least 8 characters, 300 ms after
/// the last keystroke (debounced on `DispatchQueue.main`), without repeats. `tapLogin` with valid credentials and
/// no request in flight calls `AuthService.login`; `isLoading` is true meanwhile. Success routes to `.home` and
/// then finishes `route` (the login flow is over: later taps are ignored); a failure emits the error's message.
public final class LoginViewModel {
    public struct Input {
        let email: AnyPublisher<String, Never>
        let password: AnyPublisher<String, Never>
        let tapLogin: AnyPublisher<Void, Never>

        public init(
            email: AnyPublisher<String, Never>, password: AnyPublisher<String, Never>,
            tapLogin: AnyPublisher<Void, Never>
        ) {
            self.email = email
            self.password = password
            self.tapLogin = tapLogin
        }
    }

    public struct Output {
        public let isLoginEnabled: AnyPublisher<Bool, Never>
        public let isLoading: AnyPublisher<Bool, Never>
        public let error: AnyPublisher<String, Never>
        public let route: AnyPublisher<Route, Never>
    }

    public enum Route: Equatable {
        case home(userId: String)
    }

    /// The credentials the user typed last.
    private struct Credentials {
        var email = ""
        var password = ""

        var isValid: Bool { LoginViewModel.isValid(email: email, password: password) }
    }

    private let authService: AuthService
    private var cancellables = Set<AnyCancellable>()
    private var credentials = Credentials()
    private var hasLoggedIn = false
    private let isLoading = CurrentValueSubject<Bool, Never>(false)
    private let error = PassthroughSubject<String, Never>()
    private let route = PassthroughSubject<Route, Never>()

    public init(authService: AuthService) {
        self.authService = authService
    }

    /// The validation rule of the login button.
    static func isValid(email: String, password: String) -> Bool {
        email.contains("@") && password.count >= 8
    }

    /// Binds `input` and returns the outputs; call it once.
    public func transform(input: Input) -> Output {
        input.email
            .sink { [weak self] in self?.credentials.email = $0 }
            .store(in: &cancellables)
        input.password
            .sink { [weak self] in self?.credentials.password = $0 }
            .store(in: &cancellables)
        input.tapLogin
            .sink { [weak self] in self?.login() }
            .store(in: &cancellables)

        let isLoginEnabled = input.email.combineLatest(input.password)
            .map { LoginViewModel.isValid(email: $0, password: $1) }
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .eraseToAnyPublisher()
        return Output(
            isLoginEnabled: isLoginEnabled,
            isLoading: isLoading.eraseToAnyPublisher(),
            error: error.eraseToAnyPublisher(),
            route: route.eraseToAnyPublisher())
    }

    private func login() {
        // A disabled button's tap, a second tap while signing in, or a tap after the flow ended do nothing.
        guard credentials.isValid, !isLoading.value, !hasLoggedIn else { return }
        isLoading.send(true)
        let credentials = self.credentials
        Task { @MainActor [weak self, authService] in
            do {
                let session = try await authService.login(email: credentials.email, password: credentials.password)
                self?.finish(.home(userId: session.userId))
            } catch let failure as RepositoryError {
                self?.fail(failure.message)
            } catch {
                self?.fail("Login failed. Please try again.")
            }
        }
    }

    private func finish(_ destination: Route) {
        hasLoggedIn = true
        isLoading.send(false)
        route.send(destination)
        route.send(completion: .finished)
    }

    private func fail(_ message: String) {
        isLoading.send(false)
        error.send(message)
    }
}
