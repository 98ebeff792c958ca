import Testing

@testable import RehearsalCLI

/// What `rehearsal init` reads of a team's Swift files, and the mocks it writes from protocols.
@Suite struct SwiftDeclarationsTests {
    static let source = #"""
        import Combine
        // protocol Commented { func ignored() }
        protocol ReviewRepository: Sendable {
            /// Loads a page. "quoted { braces }" in a comment.
            func fetchReviews(storeId: Int,
                              cursor: String?) async -> Result<ReviewPage, ReviewError>
            func cachedDraft(storeId: Int) -> String?
            func log(_ event: String, parameters: [String: String])
            func reviews(for store: Int) -> AnyPublisher<[Review], Error>
            func save(_ draft: String, completion: @escaping (Error?) -> Void)
            func fetchUser(id: String) async throws -> User
            var lastSync: Date? { get }
            func shape<T>(_ value: T) -> T where T: Equatable
        }

        final class StoreReviewsViewModel: BaseViewModel {
            private let title = "init(fake: Fake)"
            private init(secret: Int) { fatalError() }
            init(config: Config, dependency: Dependency, repository: any ReviewRepository) {
                func nested() {}
            }
            override func bind() {}
        }
        """#

    static let declarations = SwiftDeclarations.declarations(in: source, file: "App/Reviews.swift")
    static let all = SwiftDeclarations(declarations: declarations)

    @Test func typesAndProtocolsAreFoundOutsideCommentsAndStrings() {
        #expect(
            Self.declarations.map { "\($0.kind) \($0.name): \($0.header)" } == [
                "protocol ReviewRepository: : Sendable", "class StoreReviewsViewModel: : BaseViewModel",
            ])
    }

    @Test func theInitialiserOthersCanCallAndBindAreRead() throws {
        let viewModel = try #require(Self.declarations.last)
        #expect(
            SwiftDeclarations.initialiser(of: viewModel) == [
                .init(label: "config", name: "config", type: "Config"),
                .init(label: "dependency", name: "dependency", type: "Dependency"),
                .init(label: "repository", name: "repository", type: "any ReviewRepository"),
            ])
        #expect(Self.all.needsBind(viewModel))
    }

    /// The runner does not call a ViewModel's own `bind()`: the entry does, unless the ViewModel cannot be bound from
    /// outside (a `private` bind) or binds itself in `init`, directly or in its superclass (a second bind would
    /// subscribe twice: the runner reports it as an input heard by two subscribers).
    @Test func anEntryBindsOnlyAViewModelThatDoesNotBindItself() throws {
        let source = """
            class AppBase { init() { bind() }; func bind() {} }
            final class SelfBound: AppBase { override func bind() {} }
            final class PrivatelyBound { init() { self.bind() }; private func bind() {} }
            final class BoundInInit { init(x: Int) { super.init(); bind() }; func bind() {} }
            final class BoundByTheCatalog { init() {}; func bind() {} }
            final class Unbindable { init() {} }
            """
        let found = SwiftDeclarations(declarations: SwiftDeclarations.declarations(in: source, file: "A.swift"))
        let needs = found.declarations.map { "\($0.name): \(found.needsBind($0))" }
        #expect(
            needs == [
                "AppBase: false", "SelfBound: false", "PrivatelyBound: false", "BoundInInit: false",
                "BoundByTheCatalog: true", "Unbindable: false",
            ])
    }

    @Test func aProtocolsMockForwardsEachRequirementAsTheREADMEsTableSays() throws {
        let repository = try #require(Self.declarations.first)
        let mock = MockSource.text(for: repository)
        #expect(mock.placeholders == 1)
        #expect(
            mock.text == """
                final class ReviewRepositoryMock: ScriptedMock, ReviewRepository, @unchecked Sendable {
                    func fetchReviews(storeId: Int, cursor: String?) async -> Result<ReviewPage, ReviewError> {
                        await respond(storeId, cursor)
                    }

                    func cachedDraft(storeId: Int) -> String? {
                        respond(storeId, otherwise: nil)
                    }

                    func log(_ event: String, parameters: [String: String]) {
                        record(event, parameters)
                    }

                    func reviews(for store: Int) -> AnyPublisher<[Review], Error> {
                        respond(store)
                    }

                    func save(_ draft: String, completion: @escaping (Error?) -> Void) {
                        respond(draft, completion: completion)
                    }

                    func fetchUser(id: String) async throws -> User {
                        try await respond(id)
                    }

                    var lastSync: Date? { respond(otherwise: nil) }

                    <#implement: func shape<T>(_ value: T) -> T where T: Equatable#>
                }
                """)
    }

    @Test func mockNamesDropAProtocolSuffix() {
        #expect(
            ["UserServiceProtocol", "StoreRepository", "CacheType"].map(MockSource.className(of:)) == [
                "UserServiceMock", "StoreRepositoryMock", "CacheMock",
            ])
    }
}
