import ScenarioJSON
import ViewModelKit

/// A catalog entry: a ViewModel's name, its factory, and optionally named actions and a bind call.
///
/// ```swift
/// ViewModelEntry("MyPage") { context in MyPageViewModel(profileRepository: ProfileRepositoryMock(context)) }
///     .bind { $0.bind() }                                   // ViewModels that are not BaseViewModels
///
/// ViewModelEntry("User") { context in UserViewModel(userService: UserServiceMock(context)) }
///     .action("loadUser") { viewModel, id in await viewModel.loadUser(id: id) }   // {"send": "loadUser", "value": "u1"}
/// ```
/// Inputs and outputs are otherwise discovered by reflection (see docs/mocks-and-ports.md, "How ports are found").
public struct ViewModelEntry<ViewModel: AnyObject>: CatalogEntry, @unchecked Sendable {
    public let name: String
    private let factory: @MainActor (ScenarioContext) throws -> ViewModel
    private var actions: [(name: String, make: @MainActor (ViewModel, ScenarioContext) -> InputPort)] = []
    private var bindBody: (@MainActor (ViewModel) -> Void)?
    private var caseNames: [String]?
    private var propertyPorts: PropertyPorts?
    /// Where the entry is written (the caller's `#fileID` and `#filePath`) and what it builds.
    public let declaration: CatalogDeclaration?

    /// Registers `name`, built by `factory` for each run. A `BaseViewModel` is bound automatically. `fileID` and
    /// `filePath` (the caller's, by default) say where the glue is, so that a crash in it is reported as the glue's.
    public init(
        _ name: String, fileID: String = #fileID, filePath: String = #filePath,
        factory: @escaping @MainActor (ScenarioContext) throws -> ViewModel
    ) {
        self.name = name
        self.factory = factory
        declaration = CatalogDeclaration(
            fileID: fileID, filePath: filePath, viewModelType: _typeName(ViewModel.self, qualified: true))
    }

    /// Calls `body` to bind the ViewModel once the runner subscribed to its outputs (instead of
    /// `BaseViewModel.bind()`).
    public func bind(_ body: @escaping @MainActor (ViewModel) -> Void) -> Self {
        var copy = self
        copy.bindBody = body
        return copy
    }

    /// Names the cases of an enum `Input` or `Action` for "did you mean" and for validation, when the enum is
    /// not `CaseIterable`.
    public func inputCases(_ names: [String]) -> Self {
        var copy = self
        copy.caseNames = names
        return copy
    }

    /// Takes the subjects and publishers stored on the ViewModel as its ports, leaving out `excluded` (internals
    /// such as a private trigger subject): a subject is an input and an output, a publisher an output, each named
    /// by its property. ViewModels without `input`/`output` members and declared ports get them without asking;
    /// see ``PropertyPorts``.
    ///
    /// ```swift
    /// ViewModelEntry("Reviews") { context in ReviewsViewModel(service: ReviewServiceMock(context)) }
    ///     .propertyPorts(excluding: ["reloadTrigger"])
    /// ```
    public func propertyPorts(excluding excluded: [String] = []) -> Self {
        var copy = self
        copy.propertyPorts = PropertyPorts(excluding: excluded)
        return copy
    }

    /// Declares an input without a value that runs `body` (an async method, run in a `Task` on the main actor).
    public func action(_ name: String, _ body: @escaping @MainActor (ViewModel) async -> Void) -> Self {
        adding(name, valueType: nil) { viewModel, _, _ in
            Task { @MainActor in await body(viewModel) }
        }
    }

    /// Declares an input without a value whose body also gets the run's context (for `context.callback`).
    ///
    /// ```swift
    /// .action("networkRandomUser", withContext: { viewModel, context in
    ///     viewModel.networkRandomUser(completion: context.callback("completion"))
    /// })
    /// ```
    public func action(
        _ name: String, withContext body: @escaping @MainActor (ViewModel, ScenarioContext) async -> Void
    ) -> Self {
        adding(name, valueType: nil) { viewModel, context, _ in
            Task { @MainActor in await body(viewModel, context) }
        }
    }

    /// Declares an input that takes a value of type `Value` (decoded from the step's `"value"`) and runs `body`
    /// in a `Task` on the main actor.
    public func action<Value: Decodable>(
        _ name: String, _ body: @escaping @MainActor (ViewModel, Value) async -> Void
    ) -> Self {
        adding(name, valueType: Value.self) { viewModel, _, delivery in
            let value = try delivery.decode(Value.self)
            Task { @MainActor in await body(viewModel, value) }
        }
    }

    /// Declares a synchronous input that takes a value of type `Value` and runs `body` right away.
    public func action<Value: Decodable>(
        _ name: String, sync body: @escaping @MainActor (ViewModel, Value) -> Void
    ) -> Self {
        adding(name, valueType: Value.self) { viewModel, _, delivery in
            body(viewModel, try delivery.decode(Value.self))
        }
    }

    /// This entry with one more declared input, delivered by `deliver`.
    private func adding(
        _ name: String, valueType: Any.Type?,
        _ deliver: @escaping @MainActor (ViewModel, ScenarioContext, InputDelivery) throws -> Void
    ) -> Self {
        var copy = self
        copy.actions.append(
            (
                name,
                { viewModel, context in
                    InputPort(name: name, valueType: valueType) { delivery in try deliver(viewModel, context, delivery)
                    }
                }
            ))
        return copy
    }

    @MainActor
    public func instantiate(_ context: ScenarioContext) throws -> BuiltViewModel {
        let viewModel = try factory(context)
        let bindBody = self.bindBody
        return BuiltViewModel(
            object: viewModel,
            declaredInputs: actions.map { $0.make(viewModel, context) },
            bind: {
                if let bindBody {
                    bindBody(viewModel)
                } else if let base = viewModel as? BaseViewModel {
                    base.bind()
                }
            },
            inputCaseNames: caseNames, propertyPorts: propertyPorts,
            binds: bindBody != nil || viewModel is BaseViewModel)
    }
}
