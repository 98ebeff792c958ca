import Foundation

// UIKit's `IndexPath` additions: `indexPath.row`, `.item`, `.section`, `IndexPath(row:section:)`, with UIKit's meaning
// (index 0 is the section, index 1 the row or item) and its precondition (an index path of exactly two indexes).
// ViewModel files use them without importing UIKit (on iOS any file of the module that imports UIKit makes them
// visible), so on Linux both `Combine` and `UIKit` re-export this module: one declaration, never an ambiguity.

extension IndexPath {
    /// An index path of a row in a section (a table view's).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path of an item in a section (a collection view's).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index. The index path must hold exactly two indexes.
    public var section: Int {
        get { twoIndexes()[0] }
        set { self = IndexPath(indexes: [newValue, twoIndexes()[1]]) }
    }

    /// The row: the second index. The index path must hold exactly two indexes.
    public var row: Int {
        get { twoIndexes()[1] }
        set { self = IndexPath(indexes: [twoIndexes()[0], newValue]) }
    }

    /// The item: the second index, as `row`. The index path must hold exactly two indexes.
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    private func twoIndexes() -> [Int] {
        precondition(count == 2, "IndexPath.row, .item and .section need an index path of two indexes, found \(self)")
        return Array(self)
    }
}
