import SwiftUI
import UIKit

// A view file beside the ViewModels, as in the app: the target excludes the Views folder (`exclude: ["Views"]`),
// since views do not build on Linux.
struct StoreSettingsView: View {
    @ObservedObject var viewModel: StoreSettingsViewModel

    var body: some View {
        Toggle("Notifications", isOn: viewModel.notifications)
    }
}

final class StoreProfileViewController: UIViewController {
    let tableView = UITableView()
}
