import Foundation
import FrameworkSeam

/// The sections and items a diffable data source shows, as a value with UIKit's semantics: identifiers are unique
/// across the snapshot, items belong to one section, and a mistake UIKit traps on (a duplicate identifier, an item
/// or section the snapshot lacks) stops the process with UIKit's reason.
///
/// Recorded in a timeline as its sections and items, in order:
/// `{"$type": "NSDiffableDataSourceSnapshot", "sections": [{"section": "main", "items": [1, 2, 3]}]}` (plus the items
/// and sections marked for reloading or reconfiguring, when there are any).
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<Section, Item.ID>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems(items.map(\.id))           // into the last section
/// ```
/// - Complexity: lookups by identifier are O(1); inserting or deleting is O(n) in the items of the section.
public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    var sections: [SectionIdentifierType] = []
    var items: [[ItemIdentifierType]] = []
    /// The section index of every item.
    var sectionOfItem: [ItemIdentifierType: Int] = [:]
    var reloadedItems: [ItemIdentifierType] = []
    var reconfiguredItems: [ItemIdentifierType] = []
    var reloadedSections: [SectionIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    /// How many items the snapshot holds, in all sections.
    public var numberOfItems: Int { sectionOfItem.count }
    /// How many sections the snapshot holds.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// All items, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }
    /// The items marked with `reloadItems(_:)`.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }
    /// The items marked with `reconfigureItems(_:)`.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }
    /// The sections marked with `reloadSections(_:)`.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

    /// How many items `section` holds; the section must be in the snapshot.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        items[required(identifier)].count
    }

    /// The items of `section`, in order; the section must be in the snapshot.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items[required(identifier)]
    }

    /// The section that holds `item`, or `nil`.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    /// The position of `item` among all items of the snapshot, or `nil`.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let row = items[section].firstIndex(of: identifier) else {
            return nil
        }
        return items[..<section].reduce(0) { $0 + $1.count } + row
    }

    /// The position of `section`, or `nil`.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sections.firstIndex(of: identifier)
    }

    // MARK: Checks UIKit traps on

    func required(_ section: SectionIdentifierType) -> Int {
        guard let index = sections.firstIndex(of: section) else {
            preconditionFailure("Invalid parameter not satisfying: section \(section) does not exist in the snapshot")
        }
        return index
    }

    func location(of item: ItemIdentifierType) -> (section: Int, row: Int) {
        guard let section = sectionOfItem[item], let row = items[section].firstIndex(of: item) else {
            preconditionFailure("Invalid item identifier specified: item \(item) does not exist in the snapshot")
        }
        return (section, row)
    }

    func requireNew(_ identifiers: [ItemIdentifierType]) {
        var seen = Set<ItemIdentifierType>()
        let duplicates = identifiers.filter { sectionOfItem[$0] != nil || !seen.insert($0).inserted }
        precondition(
            duplicates.isEmpty, "Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(duplicates)")
    }

    func requireNew(sections identifiers: [SectionIdentifierType]) {
        var seen = Set(sections)
        let duplicates = identifiers.filter { !seen.insert($0).inserted }
        precondition(
            duplicates.isEmpty,
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(duplicates)")
    }
}

extension NSDiffableDataSourceSnapshot: TimelineRepresentable {
    /// The sections in order, each with its items; reloaded and reconfigured identifiers when there are any.
    public var timelineRepresentation: Any {
        var form: [String: Any] = [
            "$type": "NSDiffableDataSourceSnapshot",
            "sections": zip(sections, items).map { (section: $0, items: $1) },
        ]
        if !reloadedItems.isEmpty { form["reloadedItems"] = reloadedItems }
        if !reconfiguredItems.isEmpty { form["reconfiguredItems"] = reconfiguredItems }
        if !reloadedSections.isEmpty { form["reloadedSections"] = reloadedSections }
        return form
    }
}
