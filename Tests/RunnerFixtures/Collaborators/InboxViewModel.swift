// ViewModels as two public apps write them, for the collaborator tests (issue 23): services that answer on a thread of
// their own, a weak navigator, a base class that binds in init, overloaded methods, Result<Void, Error> completions,
// AnyPublisher<Void, E> and errors carried inside values. Swift 5 mode, like the apps.
import CombineCompat
import Foundation

/// One message of the inbox.
public struct Message: Codable, Equatable {
    public let id: Int
    public let subject: String
}

/// What the inbox service fails with.
public enum InboxError: Error, Codable, Equatable {
    case offline
    case server(code: Int)
}

/// The inbox service: a publisher, a `Result<Void, Error>` completion, a `Void` publisher, a result carried in a
/// value, and `async` methods with no result.
public protocol InboxRepository {
    func messages(folder: String) -> AnyPublisher<[Message], InboxError>
    func archive(_ id: Int, completion: @escaping (Result<Void, Error>) -> Void)
    func markAllRead() -> AnyPublisher<Void, InboxError>
    func unreadCount() -> AnyPublisher<Result<Int, InboxError>, Never>
    func delete(_ id: Int) async throws
    func emptyTrash() async -> Result<Void, Error>
}

/// Two overloads with one base name.
public protocol DateFormatting {
    func transform(date: Date) -> String
    func transform(dateInfo: [String: Int]) -> String
}

/// Where the inbox goes; the ViewModel holds it weakly, as coordinators are held.
public protocol InboxNavigator: AnyObject {
    func showMessage(id: Int)
    func showCompose()
}

/// The app's own base class, which binds in `init` (so the catalog must not bind again).
open class TeamBaseViewModel {
    public var cancellables = Set<AnyCancellable>()

    public init() {
        bind()
    }

    open func bind() {}
}

/// The inbox: loads messages (no `receive(on:)`: the service is trusted to answer on the main thread), routes through a
/// weak navigator, archives with a completion handler.
public final class InboxViewModel: TeamBaseViewModel {
    public struct Input {
        public let load = PassthroughSubject<Void, Never>()
        public let open = PassthroughSubject<Int, Never>()
        public let compose = PassthroughSubject<Void, Never>()
        public let archive = PassthroughSubject<Int, Never>()
        public let markAllRead = PassthroughSubject<Void, Never>()
        public let delete = PassthroughSubject<Int, Never>()
        public let emptyTrash = PassthroughSubject<Void, Never>()
        /// Drops the navigator, as a screen does when its coordinator finishes.
        public let detach = PassthroughSubject<Void, Never>()
        /// Loads from a background queue, as a refresh timer of the app does.
        public let refreshInBackground = PassthroughSubject<Void, Never>()
    }

    public struct Output {
        public let messages = CurrentValueSubject<[Message], Never>([])
        public let error = PassthroughSubject<InboxError, Never>()
        public let unread = PassthroughSubject<Result<Int, InboxError>, Never>()
        public let stamp = PassthroughSubject<String, Never>()
        public let status = PassthroughSubject<String, Never>()
    }

    public let input = Input()
    public let output = Output()
    public weak var navigator: InboxNavigator?
    /// Called with each status, for the screen's banner.
    public var onStatus: ((String) -> Void)?
    private let repository: InboxRepository
    private let dates: DateFormatting

    public init(repository: InboxRepository, dates: DateFormatting) {
        self.repository = repository
        self.dates = dates
        super.init()
    }

    public override func bind() {
        input.load.sink { [weak self] in self?.load() }.store(in: &cancellables)
        input.refreshInBackground
            .sink { [weak self] in
                let viewModel = self
                DispatchQueue.global().async { viewModel?.load() }
            }
            .store(in: &cancellables)
        input.open.sink { [weak self] id in self?.navigator?.showMessage(id: id) }.store(in: &cancellables)
        input.compose.sink { [weak self] in self?.navigator?.showCompose() }.store(in: &cancellables)
        input.detach.sink { [weak self] in self?.navigator = nil }.store(in: &cancellables)
        input.archive
            .sink { [weak self] id in
                self?.repository.archive(id) { result in
                    switch result {
                    case .success: self?.report("archived \(id)")
                    case .failure(let error): self?.report("archive failed: \(error)")
                    }
                }
            }
            .store(in: &cancellables)
        input.markAllRead
            .sink { [weak self] in
                guard let self else { return }
                self.repository.markAllRead()
                    .sink(
                        receiveCompletion: { [weak self] completion in
                            if case .failure(let error) = completion { self?.report("mark failed: \(error)") }
                        },
                        receiveValue: { [weak self] in self?.report("all read") }
                    )
                    .store(in: &self.cancellables)
            }
            .store(in: &cancellables)
        input.delete
            .sink { [weak self] id in
                Task { @MainActor [weak self] in
                    do {
                        try await self?.repository.delete(id)
                        self?.report("deleted \(id)")
                    } catch {
                        self?.report("delete failed: \(error)")
                    }
                }
            }
            .store(in: &cancellables)
        input.emptyTrash
            .sink { [weak self] in
                Task { @MainActor [weak self] in
                    switch await self?.repository.emptyTrash() {
                    case .success: self?.report("trash emptied")
                    case .failure(let error): self?.report("trash not emptied: \(error)")
                    case nil: break
                    }
                }
            }
            .store(in: &cancellables)
    }

    private func load() {
        repository.messages(folder: "inbox")
            .sink(
                receiveCompletion: { [weak self] completion in
                    if case .failure(let error) = completion { self?.output.error.send(error) }
                },
                receiveValue: { [weak self] messages in self?.output.messages.send(messages) }
            )
            .store(in: &cancellables)
        repository.unreadCount()
            .sink { [weak self] count in self?.output.unread.send(count) }
            .store(in: &cancellables)
        output.stamp.send(dates.transform(date: Date()))
        output.stamp.send(dates.transform(dateInfo: ["day": 1]))
    }

    private func report(_ status: String) {
        output.status.send(status)
        onStatus?(status)
    }
}
