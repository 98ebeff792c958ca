// rehearsal-fixtures: the rehearsal command line with the example catalog plus a ViewModel that crashes or
// hangs on request, the collaborator fixtures and glue that crashes. Only the CLI's end-to-end tests use it.

import CollaboratorCatalog
import ExampleCatalog
import Rehearsal
import RehearsalCLI

let fixtureCatalog = Catalog(
    entries: exampleCatalog.entries + [
        ViewModelEntry("Fixture") { _ in FixtureViewModel() }, ViewModelEntry("Stamp") { _ in StampFixtureViewModel() },
    ] + collaboratorCatalog.entries + glueCrashEntries)

RehearsalCLI.main(catalog: fixtureCatalog)
