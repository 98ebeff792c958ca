// rehearsal-fixtures: the rehearsal command line with the example catalog plus a ViewModel that crashes or
// hangs on request, the collaborator fixtures and glue that crashes. Only the CLI's end-to-end tests use it.

import CollaboratorCatalog
import ExampleCatalog
import Rehearsal
import RehearsalCLI

let fixtureCatalog = Catalog(
    entries: exampleCatalog.entries + [
        ViewModelEntry("Fixture") { _ in FixtureViewModel() }, ViewModelEntry("Stamp") { _ in StampFixtureViewModel() },
        ViewModelEntry("Sections") { _ in SectionsFixtureViewModel(sorted: false) },
        ViewModelEntry("SortedSections") { _ in SectionsFixtureViewModel(sorted: true) },
    ] + collaboratorCatalog.entries + glueCrashEntries)

RehearsalCLI.main(catalog: fixtureCatalog)
