import Foundation
import FrameworkSeam

/// What `UITableViewDiffableDataSource` and `UICollectionViewDiffableDataSource` share: the snapshot they show, and
/// `apply`, which a scenario records as a call of the data source with the snapshot's sections and items:
/// `{"call": "UITableViewDiffableDataSource.apply", "args": {"snapshot": {…}, "animatingDifferences": true}}`.
///
/// There are no views on Linux, so nothing is drawn and no cell is made: the data source only holds what it was
/// given. A ViewModel holds one as on iOS; a scenario's catalog makes it with `init()` (on iOS the view controller
/// makes it with its table or collection view).
@MainActor
open class _DiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject
{
    private let receiver: FrameworkCall.Receiver
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    init(receiver: FrameworkCall.Receiver) {
        self.receiver = receiver
    }

    /// Shows `snapshot` (recorded as a call of `apply`); `completion` runs on the main queue afterwards.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        show(snapshot, method: "apply", animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` (recorded as a call of `apply`).
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        show(snapshot, method: "apply", animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Shows `snapshot` without computing differences (recorded as a call of `applySnapshotUsingReloadData`).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        show(snapshot, method: "applySnapshotUsingReloadData", animatingDifferences: nil, completion: completion)
    }

    /// Shows `snapshot` without computing differences.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
        show(snapshot, method: "applySnapshotUsingReloadData", animatingDifferences: nil, completion: nil)
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// The item at `indexPath` (section, row or item), or `nil`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, current.items.indices.contains(indexPath[0]),
            current.items[indexPath[0]].indices.contains(indexPath[1])
        else { return nil }
        return current.items[indexPath[0]][indexPath[1]]
    }

    /// Where `item` is shown, or `nil`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionOfItem[itemIdentifier],
            let row = current.items[section].firstIndex(of: itemIdentifier)
        else { return nil }
        return IndexPath(indexes: [section, row])
    }

    /// The section at `index`, or `nil`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sections.indices.contains(index) ? current.sections[index] : nil
    }

    /// The position of `section`, or `nil`.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    private func show(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, method: String,
        animatingDifferences: Bool?, completion: (@MainActor @Sendable () -> Void)?
    ) {
        var arguments = [FrameworkCall.Argument("snapshot", snapshot)]
        if let animatingDifferences { arguments.append(.init("animatingDifferences", animatingDifferences)) }
        FrameworkHosting.current?.record(FrameworkCall(receiver, method, arguments))
        // What is applied is what shows: the marks for reloading are used up.
        current = snapshot
        current.reloadedItems = []
        current.reconfiguredItems = []
        current.reloadedSections = []
        guard let completion else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
    }
}

/// A table view's diffable data source, as a value a ViewModel holds (see `_DiffableDataSource`).
///
/// ```swift
/// // the catalog, in place of the view controller:
/// let dataSource = UITableViewDiffableDataSource<Section, Item.ID>()
/// viewModel.attach(dataSource)
/// ```
@MainActor
open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: _DiffableDataSource<SectionIdentifierType, ItemIdentifierType> {
    /// A data source without a table view (there are none on Linux), for a scenario's catalog to hand to the
    /// ViewModel in place of the view controller's.
    public init() {
        super.init(receiver: .tableViewDataSource)
    }
}

/// A collection view's diffable data source, as a value a ViewModel holds (see `_DiffableDataSource`).
@MainActor
open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: _DiffableDataSource<SectionIdentifierType, ItemIdentifierType> {
    /// A data source without a collection view (there are none on Linux), for a scenario's catalog to hand to the
    /// ViewModel in place of the view controller's.
    public init() {
        super.init(receiver: .collectionViewDataSource)
    }
}
