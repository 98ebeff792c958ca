import CombineCompat

/// The base class of Input/Output ViewModels (the seeds' main pattern).
///
/// A subclass declares `input` and `output` structs of subjects and wires them in ``bind()``, storing every
/// subscription in ``cancellables``. `bind()` is **not** called from `init`: the view calls it when it is ready
/// (in `viewDidLoad`), and Rehearsal's runner calls it once after building the ViewModel, before the first step.
///
/// ```swift
/// final class ContributorsViewModel: BaseViewModel {
///     let input = Input()
///     let output = Output()
///
///     override func bind() {
///         input.didTapClose
///             .map { Route.dismiss }
///             .subscribe(output.route)
///             .store(in: &cancellables)
///     }
/// }
/// ```
open class BaseViewModel {
    /// The subscriptions made by ``bind()``; they live as long as the ViewModel.
    public var cancellables = Set<AnyCancellable>()

    /// Creates the ViewModel without binding it.
    public init() {}

    /// Wires inputs to outputs. Override it; the default does nothing.
    open func bind() {}
}
