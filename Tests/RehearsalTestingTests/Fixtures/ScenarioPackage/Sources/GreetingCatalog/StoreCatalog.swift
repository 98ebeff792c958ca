import Rehearsal
import UIKit

@testable import StoreFeatures

/// The store ViewModels, whose files import Apple's frameworks.
let storeEntries: [any CatalogEntry] = [
    ViewModelEntry("NearbyStore") { _ in NearbyStoreViewModel() },
    ViewModelEntry("StoreProfile") { _ in
        let viewModel = StoreProfileViewModel()
        // In place of the view controller, which makes it with its table view on a device.
        viewModel.dataSource = UITableViewDiffableDataSource()
        return viewModel
    },
    ViewModelEntry("StoreSettings") { _ in StoreSettingsViewModel() }
        .action("toggleNotifications") { (viewModel: StoreSettingsViewModel) in viewModel.toggleNotifications() },
]
