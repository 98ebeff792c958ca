// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import Foundation

/// What the Contributors screen hands to the store editor when it routes there (seed 000's
/// `EditStoreViewModelInterface`).
public protocol EditStoreViewModelInterface: AnyObject {
    /// The store being edited.
    var storeId: Int { get }
}

/// The store editor's ViewModel; only its construction matters to the Contributors screen.
public final class EditStoreViewModel: EditStoreViewModelInterface {
    public let storeId: Int
    public let name: String

    public init(store: UserStoreResponse) {
        storeId = store.storeId
        name = store.name
    }
}
