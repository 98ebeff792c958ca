// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// The profile summary shown on My Page (seed 002's `UserInfoVO`).
public struct UserInfoVO: Codable, Equatable {
    public let nickname: String
    public let totalDistance: Double
    public let streakCount: Int
    public let logCount: Int

    public init(nickname: String, totalDistance: Double, streakCount: Int, logCount: Int) {
        self.nickname = nickname
        self.totalDistance = totalDistance
        self.streakCount = streakCount
        self.logCount = logCount
    }
}

/// The profile API My Page uses (async, throwing).
public protocol ProfileRepository {
    /// Fetches the signed-in user's profile summary.
    func fetchProfile() async throws -> UserInfoVO
}
