import Combine
import Foundation

/// Favourite stores, with its subjects declared right on the class (no Input/Output structs), live updates from
/// an `AsyncThrowingStream`, and saves debounced on the main queue through a callback-style service.
final class FavoritesViewModel {
    let viewDidLoad = PassthroughSubject<Void, Never>()
    let didToggleFavorite = PassthroughSubject<Int, Never>()
    let favorites = CurrentValueSubject<[Int], Never>([])
    let isSyncing = CurrentValueSubject<Bool, Never>(false)
    let message = PassthroughSubject<String, Never>()

    private let pendingSave = PassthroughSubject<[Int], Never>()
    private let service: FavoritesService
    private var syncTask: Task<Void, Never>?
    private var cancellables = Set<AnyCancellable>()

    init(service: FavoritesService) {
        self.service = service

        viewDidLoad
            .sink { [weak self] in self?.startSync() }
            .store(in: &cancellables)

        didToggleFavorite
            .sink { [weak self] storeId in
                guard let self else { return }
                var ids = self.favorites.value
                if let index = ids.firstIndex(of: storeId) { ids.remove(at: index) } else { ids.append(storeId) }
                self.favorites.send(ids)
                self.pendingSave.send(ids)
            }
            .store(in: &cancellables)

        pendingSave
            .debounce(for: .milliseconds(500), scheduler: DispatchQueue.main)
            .sink { [weak self] ids in
                self?.service.save(favorites: ids) { error in
                    if let error = error {
                        self?.message.send(error.localizedDescription)
                    }
                }
            }
            .store(in: &cancellables)
    }

    deinit {
        syncTask?.cancel()
    }

    private func startSync() {
        syncTask?.cancel()
        syncTask = Task { @MainActor [weak self] in
            guard let updates = self?.service.favoriteUpdates() else { return }
            self?.isSyncing.send(true)
            do {
                for try await ids in updates {
                    self?.favorites.send(ids)
                }
            } catch {
                self?.message.send(error.localizedDescription)
            }
            self?.isSyncing.send(false)
        }
    }
}
