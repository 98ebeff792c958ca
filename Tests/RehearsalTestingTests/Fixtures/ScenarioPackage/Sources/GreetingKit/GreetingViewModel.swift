import Combine
import Foundation

/// Loads a greeting for a name: shows loading, then the greeting or an error message.
public protocol GreetingRepository {
    func greeting(for name: String) async throws -> String
}

public final class GreetingViewModel {
    public struct Input {
        public let load = PassthroughSubject<String, Never>()
    }

    public struct Output {
        public let isLoading = CurrentValueSubject<Bool, Never>(false)
        public let greeting = PassthroughSubject<String, Never>()
        public let error = PassthroughSubject<String, Never>()
    }

    public let input = Input()
    public let output = Output()
    private let repository: GreetingRepository
    private var cancellables = Set<AnyCancellable>()

    public init(repository: GreetingRepository) {
        self.repository = repository
        input.load
            .sink { [weak self] name in self?.load(name) }
            .store(in: &cancellables)
    }

    private func load(_ name: String) {
        output.isLoading.send(true)
        Task { @MainActor in
            do {
                let text = try await repository.greeting(for: name)
                output.greeting.send(text)
            } catch {
                output.error.send("Could not greet \(name)")
            }
            output.isLoading.send(false)
        }
    }
}
