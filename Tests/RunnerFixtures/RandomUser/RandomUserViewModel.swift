// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// A person as the random-user list shows it (seed 004).
public struct Person: Codable, Equatable {
    public let name: String
    public let profileImage: String
    public let emailAddress: String

    public init(name: String, profileImage: String, emailAddress: String) {
        self.name = name
        self.profileImage = profileImage
        self.emailAddress = emailAddress
    }
}

/// The random-user API (async, throwing; seed 004 used a callback over URLSession).
public protocol RandomUserServiceProtocol {
    /// Fetches one random person.
    func fetchRandomPerson() async throws -> Person
}

/// The callback-style ViewModel of seed 004: `networkRandomUser(completion:)` starts `userCount` requests at once.
///
/// **Deliberate bug, kept from the seed so that scenarios can expose it:** `completion` is called right after the
/// requests *start*, before any response arrives, so a view that reloads in the completion shows an empty or stale
/// list. The reset check `person.count > 4` is also off by one (a full page of 4 is never cleared), so a second
/// shuffle appends to the old list. Scenario goldens show both.
public final class RandomUserViewModel: ObservableObject {
    @Published public private(set) var person: [Person] = []
    public let userCount = 4
    private let service: RandomUserServiceProtocol

    public init(service: RandomUserServiceProtocol) {
        self.service = service
    }

    /// The number of sections a collection view shows.
    public var numberOfSections: Int { person.count }

    /// Fetches `userCount` people concurrently and calls `completion` — too early (see the type's documentation).
    public func networkRandomUser(completion: @escaping () -> Void) {
        if person.count > 4 {
            person = []
        }
        for _ in 1...userCount {
            Task { @MainActor [weak self] in
                guard let self else { return }
                if let newPerson = try? await self.service.fetchRandomPerson() {
                    self.person.append(newPerson)
                }
            }
        }
        completion()
    }
}
