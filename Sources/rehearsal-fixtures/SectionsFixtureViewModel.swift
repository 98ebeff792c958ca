import CombineCompat

/// A test-only ViewModel that groups contacts into sections by their first letter, as iOS lists often do:
/// `Dictionary(grouping:)`, then `map` over the dictionary. Unsorted, its sections come in the dictionary's order,
/// which changes with every launch of the app (the process's hashing seed): a real bug that recording must name.
/// Sorted (`SortedSections`), they come in the same order everywhere.
final class SectionsFixtureViewModel {
    struct Section {
        let title: String
        let names: [String]
    }

    let load = PassthroughSubject<[String], Never>()
    let sections = CurrentValueSubject<[Section], Never>([])
    private var cancellables: [AnyCancellable] = []

    init(sorted: Bool) {
        load.sink { [weak self] names in
            let grouped = Dictionary(grouping: names) { String($0.prefix(1)) }
            var sections = grouped.map { Section(title: $0.key, names: $0.value) }
            if sorted { sections.sort { $0.title < $1.title } }
            self?.sections.send(sections)
        }
        .store(in: &cancellables)
    }
}
