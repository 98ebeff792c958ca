import CombineCompat
import Foundation
import ViewModelKit

/// A test-only ViewModel that stamps its state with `UUID()`: another value in every run, for the CLI's tests of
/// recording a scenario that is not reproducible.
final class StampFixtureViewModel: ViewModelable {
    enum Action: Decodable, CaseIterable {
        case stamp
    }

    @Published private(set) var state = ""

    func action(_ action: Action) {
        state = UUID().uuidString
    }
}
