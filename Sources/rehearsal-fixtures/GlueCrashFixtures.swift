import CollaboratorCatalog
import Rehearsal

/// Entries whose glue crashes, for the attribution tests: a factory that stops the process, and the inbox (whose mock
/// asserts the main thread) driven to call it from a background queue.
let glueCrashEntries: [any CatalogEntry] = [
    ViewModelEntry("FactoryCrash") { _ -> Fixture in
        fatalError("the factory gave up on purpose")
    }
]

/// A placeholder type for an entry whose factory never returns.
final class Fixture {}
