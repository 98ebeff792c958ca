import Testing
import UIKit

/// `NSDiffableDataSourceSnapshot`'s semantics as Apple documents them: `appendItems(_:toSection:)` "If no value is
/// provided, the items are appended to the last section of the snapshot"; `deleteSections(_:)` removes the
/// sections' items with them; identifiers are unique across the snapshot; a snapshot is a value (a copy changes
/// alone). What UIKit traps on (no section to append to, a duplicate identifier) stops the process here too; those
/// paths are preconditions, not tested in-process.
struct DiffableSnapshotTests {
    enum Section: Hashable, Sendable { case pinned, recent }

    static func sample() -> NSDiffableDataSourceSnapshot<Section, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.pinned, .recent])
        snapshot.appendItems([1, 2], toSection: .pinned)
        snapshot.appendItems([3, 4, 5])
        return snapshot
    }

    @Test func itemsWithoutASectionGoToTheLastSection() {
        let snapshot = Self.sample()
        #expect(snapshot.sectionIdentifiers == [.pinned, .recent])
        #expect(snapshot.itemIdentifiers(inSection: .pinned) == [1, 2])
        #expect(snapshot.itemIdentifiers(inSection: .recent) == [3, 4, 5])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems(inSection: .recent) == 3)
    }

    @Test func lookupsFindAnItemsSectionAndPosition() {
        let snapshot = Self.sample()
        #expect(snapshot.sectionIdentifier(containingItem: 4) == .recent)
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.indexOfItem(4) == 3)
        #expect(snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection(.recent) == 1)
    }

    @Test func insertingMovingAndDeletingKeepEachItemInOneSection() {
        var snapshot = Self.sample()
        snapshot.insertItems([10], beforeItem: 3)
        snapshot.insertItems([11], afterItem: 1)
        snapshot.moveItem(5, beforeItem: 1)
        snapshot.moveItem(2, afterItem: 4)
        snapshot.deleteItems([3, 99])
        #expect(snapshot.itemIdentifiers(inSection: .pinned) == [5, 1, 11])
        #expect(snapshot.itemIdentifiers(inSection: .recent) == [10, 4, 2])
        #expect(snapshot.sectionIdentifier(containingItem: 2) == .recent)
        #expect(snapshot.numberOfItems == 6)
    }

    @Test func sectionsMoveAndGoWithTheirItems() {
        var snapshot = Self.sample()
        snapshot.moveSection(.recent, beforeSection: .pinned)
        #expect(snapshot.sectionIdentifiers == [.recent, .pinned])
        #expect(snapshot.itemIdentifiers == [3, 4, 5, 1, 2])
        snapshot.deleteSections([.recent])
        #expect(snapshot.sectionIdentifiers == [.pinned])
        #expect(snapshot.itemIdentifiers == [1, 2])
        #expect(snapshot.sectionIdentifier(containingItem: 3) == nil)
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
    }

    @Test func reloadsAndReconfiguresAreMarksOnItemsTheSnapshotHolds() {
        var snapshot = Self.sample()
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([4, 4])
        snapshot.reloadSections([.pinned])
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.reconfiguredItemIdentifiers == [4])
        #expect(snapshot.reloadedSectionIdentifiers == [.pinned])
        snapshot.deleteItems([4])
        #expect(snapshot.reconfiguredItemIdentifiers == [])
    }

    @Test func aSnapshotIsAValue() {
        let original = Self.sample()
        var copy = original
        copy.appendItems([6])
        #expect(original.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(copy.itemIdentifiers == [1, 2, 3, 4, 5, 6])
    }

    @MainActor
    @Test func aDataSourceShowsTheSnapshotItWasLastGiven() {
        let dataSource = UITableViewDiffableDataSource<Section, Int>()
        var snapshot = Self.sample()
        snapshot.reloadItems([1])
        dataSource.apply(snapshot, animatingDifferences: false)
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3, 4, 5])
        // What was applied is shown: the marks for reloading are used up
        #expect(dataSource.snapshot().reloadedItemIdentifiers == [])
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 1)) == 4)
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 7, section: 1)) == nil)
        #expect(dataSource.indexPath(for: 5) == IndexPath(row: 2, section: 1))
        #expect(dataSource.sectionIdentifier(for: 0) == .pinned)
        #expect(dataSource.index(for: .recent) == 1)
    }
}
