import CombineCompat
import Foundation

/// Seed 004's ViewModel with its races fixed: each shuffle still fetches four people concurrently, but the list
/// changes once, when all four have answered, and only to the latest shuffle's people — answers of a shuffle that a
/// newer one replaced are dropped, however late they arrive — and `completion` is called only then.
public final class RandomUserFixedViewModel: ObservableObject {
    @Published public private(set) var person: [Person] = []
    public let userCount = 4
    private let service: RandomUserServiceProtocol
    /// Counts shuffles: a batch whose number is no longer the latest is stale.
    private var shuffle = 0

    public init(service: RandomUserServiceProtocol) {
        self.service = service
    }

    /// The number of sections a collection view shows.
    public var numberOfSections: Int { person.count }

    /// Fetches `userCount` people concurrently; when all have answered (a failed request leaves its slot out) and
    /// no newer shuffle started meanwhile, shows them in slot order and calls `completion`.
    public func networkRandomUser(completion: @escaping () -> Void) {
        shuffle += 1
        let mine = shuffle
        let service = self.service
        let count = userCount
        Task { @MainActor [weak self] in
            let people = await withTaskGroup(of: (Int, Person?).self) { group in
                for slot in 0..<count {
                    group.addTask { (slot, try? await service.fetchRandomPerson()) }
                }
                var slots = [Person?](repeating: nil, count: count)
                for await (slot, person) in group { slots[slot] = person }
                return slots.compactMap { $0 }
            }
            guard let self, self.shuffle == mine else { return }
            self.person = people
            completion()
        }
    }
}
