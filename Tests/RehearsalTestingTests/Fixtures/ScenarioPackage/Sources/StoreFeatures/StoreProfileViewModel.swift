import Combine
import OSLog
import Photos
import UIKit

/// The store's page: its sections as a diffable snapshot (also applied to the table's data source), its logo and
/// colours, a call button, and a photo the user picks after granting access to the library.
@MainActor
final class StoreProfileViewModel {
    enum Section: String, Hashable {
        case hours, contact
    }

    struct Input {
        let load = PassthroughSubject<Void, Never>()
        let call = PassthroughSubject<Void, Never>()
        let addPhoto = PassthroughSubject<String, Never>()
    }

    struct Output {
        let rows = PassthroughSubject<NSDiffableDataSourceSnapshot<Section, String>, Never>()
        let logo = PassthroughSubject<UIImage?, Never>()
        let accent = PassthroughSubject<UIColor, Never>()
        let titleFont = PassthroughSubject<UIFont, Never>()
        let photo = PassthroughSubject<PHAsset, Never>()
        let message = PassthroughSubject<String, Never>()
    }

    let input = Input()
    let output = Output()
    /// The view controller's data source (the catalog's, in a scenario).
    var dataSource: UITableViewDiffableDataSource<Section, String>?
    private let log = Logger(subsystem: "com.example.stores", category: "profile")
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.load.sink { [weak self] in self?.load() }.store(in: &cancellables)
        input.call.sink { [weak self] in self?.call() }.store(in: &cancellables)
        input.addPhoto.sink { [weak self] in self?.addPhoto($0) }.store(in: &cancellables)
    }

    private func load() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.hours, .contact])
        snapshot.appendItems(["Mon–Fri 9–18", "Sat 10–14"], toSection: .hours)
        snapshot.appendItems(["+49 30 1234567"])
        output.rows.send(snapshot)
        dataSource?.apply(snapshot, animatingDifferences: false)
        output.logo.send(StoreLogo.image(named: "store-42"))
        output.accent.send(UIColor.systemGreen.withAlphaComponent(0.8))
        output.titleFont.send(
            UIFontMetrics(forTextStyle: .title2).scaledFont(for: .systemFont(ofSize: 22, weight: .bold)))
        log.notice("profile shown with \(snapshot.numberOfItems) rows")
    }

    private func call() {
        guard let url = URL(string: "tel://+49301234567"), UIApplication.shared.canOpenURL(url) else {
            output.message.send("This device cannot make calls")
            return
        }
        UIApplication.shared.open(url)
    }

    private func addPhoto(_ identifier: String) {
        let output = self.output
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
            guard status == .authorized || status == .limited else {
                output.message.send("Allow access to your photos in Settings")
                return
            }
            output.photo.send(
                PHAsset(localIdentifier: identifier, mediaType: .image, pixelWidth: 3024, pixelHeight: 4032))
        }
    }
}
