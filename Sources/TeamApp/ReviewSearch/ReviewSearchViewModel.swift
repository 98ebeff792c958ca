import Combine
import Foundation

struct SearchHit: Equatable {
    let review: Review
    let foundAt: Date
}

protocol ReviewSearchService {
    func search(query: String) async throws -> [Review]
}

/// Search as you type in async code: each keystroke cancels the previous task, which debounces with `Task.sleep`;
/// results are stamped with `Date()`.
@MainActor
final class ReviewSearchViewModel: ObservableObject {
    @Published private(set) var hits: [SearchHit] = []
    @Published private(set) var isSearching = false
    @Published private(set) var errorMessage: String?

    private let service: ReviewSearchService
    private var searchTask: Task<Void, Never>?

    init(service: ReviewSearchService) {
        self.service = service
    }

    func queryChanged(_ query: String) {
        searchTask?.cancel()
        searchTask = Task {
            do {
                try await Task.sleep(nanoseconds: 300_000_000)
            } catch {
                return
            }
            guard !query.isEmpty else {
                hits = []
                return
            }
            isSearching = true
            defer { isSearching = false }
            do {
                let reviews = try await service.search(query: query)
                let now = Date()
                hits = reviews.map { SearchHit(review: $0, foundAt: now) }
                errorMessage = nil
            } catch is CancellationError {
                return
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }
}
