import CombineCompat

/// A ViewModel driven by one `action(_:)` entry point and observed through one `state` (seed 003).
///
/// Conformers are `ObservableObject`s that declare `@Published var state`; views send actions and render the
/// state. Rehearsal's runner maps a scenario step `{"send": "onTapAddButton"}` to `action(.onTapAddButton)` and
/// records every change of `state`.
///
/// ```swift
/// final class CounterViewModel: ViewModelable {
///     enum Action { case onTapAddButton, onTapSubtractButton }
///     enum State: Equatable { case count(Int) }
///     @Published var state: State = .count(0)
///     func action(_ action: Action) { ... }
/// }
/// ```
public protocol ViewModelable: ObservableObject {
    /// What the view can ask of the ViewModel.
    associatedtype Action
    /// What the view renders.
    associatedtype State

    /// The current state; publish changes with `@Published`.
    var state: State { get }

    /// Handles one action from the view.
    func action(_ action: Action)
}
