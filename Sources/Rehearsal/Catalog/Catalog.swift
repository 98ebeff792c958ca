/// The ViewModels a team's scenarios can name, each with the factory that builds it for a run.
///
/// A team writes its catalog once, in Swift:
/// ```swift
/// let catalog = Catalog {
///     ViewModelEntry("Contributors") { context in
///         let config = try context.config(ContributorsConfig.self)
///         return ContributorsViewModel(
///             config: .init(storeId: config.storeId, store: config.store),
///             dependency: .init(storeRepository: StoreRepositoryMock(context), logManager: LogManagerMock(context)))
///     }
///     ViewModelEntry("User") { context in UserViewModel(userService: UserServiceMock(context)) }
///         .action("loadUser") { viewModel, id in await viewModel.loadUser(id: id) }
/// }
/// ```
public struct Catalog: Sendable {
    /// The entries, in the order they were given.
    public let entries: [any CatalogEntry]

    /// Creates a catalog from entries written one per line.
    public init(@CatalogBuilder _ entries: () -> [any CatalogEntry]) {
        self.entries = entries()
    }

    /// Creates a catalog from an array of entries.
    public init(entries: [any CatalogEntry]) {
        self.entries = entries
    }

    /// The ViewModel names, in catalog order.
    public var names: [String] { entries.map(\.name) }

    /// The entry called `name`.
    public func entry(named name: String) -> (any CatalogEntry)? {
        entries.first { $0.name == name }
    }
}

/// Collects catalog entries written one per line.
@resultBuilder
public enum CatalogBuilder {
    public static func buildExpression(_ entry: any CatalogEntry) -> [any CatalogEntry] { [entry] }
    public static func buildBlock(_ parts: [any CatalogEntry]...) -> [any CatalogEntry] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any CatalogEntry]?) -> [any CatalogEntry] { part ?? [] }
    public static func buildEither(first: [any CatalogEntry]) -> [any CatalogEntry] { first }
    public static func buildEither(second: [any CatalogEntry]) -> [any CatalogEntry] { second }
    public static func buildArray(_ parts: [[any CatalogEntry]]) -> [any CatalogEntry] { parts.flatMap { $0 } }
}

/// One ViewModel of a catalog, type-erased. ``ViewModelEntry`` is the one implementation.
public protocol CatalogEntry: Sendable {
    /// The name scenarios use in `"viewModel"`.
    var name: String { get }
    /// Builds the ViewModel and returns it with the ports the entry declares.
    @MainActor func instantiate(_ context: ScenarioContext) throws -> BuiltViewModel
    /// Where the entry is declared, for telling a crash in the glue from one in the ViewModel; nil when unknown.
    var declaration: CatalogDeclaration? { get }
}

extension CatalogEntry {
    /// Unknown by default.
    public var declaration: CatalogDeclaration? { nil }
}

/// A ViewModel built for a run, with what the entry knows about driving it.
public struct BuiltViewModel {
    /// The ViewModel.
    public let object: AnyObject
    /// Inputs the entry declares (actions), by name, in declaration order.
    let declaredInputs: [InputPort]
    /// Called once after the runner subscribed to the outputs, before the first step.
    let bind: @MainActor () -> Void
    /// Names the enum input cases when they cannot be discovered (`inputCases`).
    let inputCaseNames: [String]?
    /// Subject and publisher properties the entry asks for as ports (`propertyPorts(excluding:)`); `nil` leaves it
    /// to the ViewModel's shape.
    let propertyPorts: PropertyPorts?
    /// Whether the entry binds the ViewModel (its `.bind` body, or a `BaseViewModel`'s `bind()`), for the hint of
    /// an input nothing listens to.
    var binds = true
}
