import Foundation

protocol FavoritesService {
    /// The favourite store ids, pushed again whenever another device changes them.
    func favoriteUpdates() -> AsyncThrowingStream<[Int], Error>
    func save(favorites: [Int], completion: @escaping (Error?) -> Void)
}
