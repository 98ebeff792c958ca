import Combine

/// The team's own superclass: subscriptions live in `cancellables`, and the view calls `bind()` when it is ready.
/// (Internal, like everything in this module: the catalog reaches it through `@testable import TeamApp`.)
class BaseViewModel {
    var cancellables = Set<AnyCancellable>()

    init() {}

    func bind() {}
}
