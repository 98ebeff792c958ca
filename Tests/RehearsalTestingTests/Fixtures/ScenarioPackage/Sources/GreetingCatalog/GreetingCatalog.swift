import GreetingKit
import Rehearsal

final class GreetingRepositoryMock: ScriptedMock, GreetingRepository {
    func greeting(for name: String) async throws -> String {
        try await respond(name)
    }
}

/// The ViewModels the scenarios name.
public let greetingCatalog = Catalog(
    entries: [
        ViewModelEntry("Greeting") { context in
            GreetingViewModel(repository: GreetingRepositoryMock(context))
        }
    ] + storeEntries)
