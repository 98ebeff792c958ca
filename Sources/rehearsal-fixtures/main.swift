// rehearsal-fixtures: the rehearsal command line with the example catalog plus a ViewModel that crashes or
// hangs on request. Only the CLI's end-to-end tests use it.

import ExampleCatalog
import Rehearsal
import RehearsalCLI

let fixtureCatalog = Catalog(
    entries: exampleCatalog.entries + [
        ViewModelEntry("Fixture") { _ in FixtureViewModel() }, ViewModelEntry("Stamp") { _ in StampFixtureViewModel() },
        ViewModelEntry("Sections") { _ in SectionsFixtureViewModel(sorted: false) },
        ViewModelEntry("SortedSections") { _ in SectionsFixtureViewModel(sorted: true) },
    ])

RehearsalCLI.main(catalog: fixtureCatalog)
