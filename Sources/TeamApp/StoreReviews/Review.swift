import Foundation

struct Review: Codable, Equatable {
    let id: UUID
    let author: String
    let avatarURL: URL
    let rating: Decimal
    let text: String
    let createdAt: Date
}

struct ReviewPage: Codable {
    let reviews: [Review]
    let nextCursor: String?
}

enum ReviewError: Error, Decodable, LocalizedError {
    case offline
    case server(code: Int)

    var errorDescription: String? {
        switch self {
        case .offline: return "You're offline. Pull to retry."
        case .server(let code): return "Something went wrong (\(code))."
        }
    }
}

protocol ReviewRepository {
    func fetchReviews(storeId: Int, cursor: String?) async -> Result<ReviewPage, ReviewError>
}

/// Drafts kept on the device; reading one is synchronous.
protocol ReviewDraftStore {
    func cachedDraft(storeId: Int) -> String?
}
