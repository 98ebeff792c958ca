// rehearsal: the command line for the example app's scenarios. A team's own executable is the same two lines
// with its own catalog.

import ExampleCatalog
import RehearsalCLI

RehearsalCLI.main(catalog: exampleCatalog)
