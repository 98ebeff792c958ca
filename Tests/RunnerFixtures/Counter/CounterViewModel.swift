// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation
import ViewModelKit

/// The counter of seed 003: a `ViewModelable` with two actions and one `@Published` state.
public final class CounterViewModel: ViewModelable {
    // MARK: Types
    /// `Decodable` so scenarios can send the cases by name; `CaseIterable` so typos get a "did you mean".
    public enum Action: Decodable, CaseIterable {
        case onTapAddButton
        case onTapSubtractButton
    }

    public enum State: Equatable {
        case count(Int)
    }

    // MARK: Properties
    @Published public private(set) var state: State

    // MARK: Initializer
    public init(initialCount: Int = 0) {
        state = .count(initialCount)
    }

    // MARK: Action
    public func action(_ action: Action) {
        switch action {
        case .onTapAddButton:
            state = .count(currentCount() + 1)
        case .onTapSubtractButton:
            state = .count(currentCount() - 1)
        }
    }

    private func currentCount() -> Int {
        guard case let .count(value) = state else { return 0 }
        return value
    }
}
