extension NSDiffableDataSourceSnapshot {
    // MARK: Items

    /// Appends items to `section`, or to the last section when it is `nil`; the snapshot must have that section,
    /// and the identifiers must be new to it.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let section: Int
        if let sectionIdentifier {
            section = required(sectionIdentifier)
        } else {
            guard !sections.isEmpty else {
                preconditionFailure("There are currently no sections in the data source. Please add a section first.")
            }
            section = sections.count - 1
        }
        requireNew(identifiers)
        items[section] += identifiers
        for identifier in identifiers { sectionOfItem[identifier] = section }
    }

    /// Inserts items before `item`, in its section.
    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
        let (section, row) = location(of: beforeIdentifier)
        insert(identifiers, section: section, row: row)
    }

    /// Inserts items after `item`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType)
    {
        let (section, row) = location(of: afterIdentifier)
        insert(identifiers, section: section, row: row + 1)
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], section: Int, row: Int) {
        requireNew(identifiers)
        items[section].insert(contentsOf: identifiers, at: row)
        for identifier in identifiers { sectionOfItem[identifier] = section }
    }

    /// Deletes items; identifiers the snapshot does not hold are ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for section in items.indices { items[section].removeAll { gone.contains($0) } }
        for identifier in identifiers { sectionOfItem[identifier] = nil }
        reloadedItems.removeAll { gone.contains($0) }
        reconfiguredItems.removeAll { gone.contains($0) }
    }

    /// Deletes every item and every section.
    public mutating func deleteAllItems() {
        self = NSDiffableDataSourceSnapshot()
    }

    /// Moves `item` before `toItem`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: false)
    }

    /// Moves `item` after `toItem`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: true)
    }

    private mutating func move(_ identifier: ItemIdentifierType, to target: ItemIdentifierType, after: Bool) {
        precondition(identifier != target, "Cannot move item \(identifier) relative to itself")
        let (from, row) = location(of: identifier)
        _ = location(of: target)
        items[from].remove(at: row)
        let (section, targetRow) = location(of: target)
        items[section].insert(identifier, at: after ? targetRow + 1 : targetRow)
        sectionOfItem[identifier] = section
    }

    /// Marks items for reloading when the snapshot is applied; each must be in the snapshot.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = location(of: identifier) }
        for identifier in identifiers where !reloadedItems.contains(identifier) { reloadedItems.append(identifier) }
    }

    /// Marks items for reconfiguring (updating their cells in place) when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = location(of: identifier) }
        for identifier in identifiers where !reconfiguredItems.contains(identifier) {
            reconfiguredItems.append(identifier)
        }
    }

    // MARK: Sections

    /// Appends sections; the identifiers must be new to the snapshot.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        requireNew(sections: identifiers)
        sections += identifiers
        items += identifiers.map { _ in [] }
    }

    /// Inserts sections before `section`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
        insert(sections: identifiers, at: required(toIdentifier))
    }

    /// Inserts sections after `section`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
        insert(sections: identifiers, at: required(toIdentifier) + 1)
    }

    private mutating func insert(sections identifiers: [SectionIdentifierType], at index: Int) {
        requireNew(sections: identifiers)
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindex()
    }

    /// Deletes sections with their items; identifiers the snapshot does not hold are ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        let removed = sections.indices.filter { gone.contains(sections[$0]) }
        deleteItems(removed.flatMap { items[$0] })
        for index in removed.reversed() {
            sections.remove(at: index)
            items.remove(at: index)
        }
        reloadedSections.removeAll { gone.contains($0) }
        reindex()
    }

    /// Moves `section` before `toSection`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
        move(section: identifier, to: toIdentifier, after: false)
    }

    /// Moves `section` after `toSection`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
        move(section: identifier, to: toIdentifier, after: true)
    }

    private mutating func move(section identifier: SectionIdentifierType, to target: SectionIdentifierType, after: Bool)
    {
        precondition(identifier != target, "Cannot move section \(identifier) relative to itself")
        let from = required(identifier)
        _ = required(target)
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let index = required(target) + (after ? 1 : 0)
        sections.insert(identifier, at: index)
        items.insert(moved, at: index)
        reindex()
    }

    /// Marks sections for reloading when the snapshot is applied; each must be in the snapshot.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = required(identifier) }
        for identifier in identifiers where !reloadedSections.contains(identifier) {
            reloadedSections.append(identifier)
        }
    }

    private mutating func reindex() {
        sectionOfItem = [:]
        for (section, identifiers) in items.enumerated() {
            for identifier in identifiers { sectionOfItem[identifier] = section }
        }
    }
}
