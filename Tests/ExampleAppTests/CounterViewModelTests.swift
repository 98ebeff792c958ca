import CombineCompat
import Testing

@testable import ExampleApp

/// Seed 003's CounterViewModel: synchronous, so Swift Testing drives it without a timeline.
struct CounterViewModelTests {
    @Test func countsUpAndDownFromTheInitialCount() {
        // Given a counter starting at 2, observed through its @Published state
        let viewModel = CounterViewModel(initialCount: 2)
        var states: [CounterViewModel.State] = []
        let subscription = viewModel.$state.sink { states.append($0) }

        // When add is tapped twice, then subtract four times
        viewModel.action(.onTapAddButton)
        viewModel.action(.onTapAddButton)
        for _ in 0..<4 { viewModel.action(.onTapSubtractButton) }

        // Then every count was published, going below zero without a floor
        #expect(states == [.count(2), .count(3), .count(4), .count(3), .count(2), .count(1), .count(0)])
        #expect(viewModel.state == .count(0))
        withExtendedLifetime(subscription) {}
    }

    @Test func startsAtZeroByDefault() {
        // Given a counter with the default initial count
        let viewModel = CounterViewModel()
        var states: [CounterViewModel.State] = []
        let subscription = viewModel.$state.sink { states.append($0) }

        // When subtract is tapped
        viewModel.action(.onTapSubtractButton)

        // Then the count goes from 0 to -1
        #expect(states == [.count(0), .count(-1)])
        withExtendedLifetime(subscription) {}
    }
}
