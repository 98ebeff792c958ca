import Testing

@testable import RehearsalCLI

/// Which mocked methods `init`'s note says a scripted throw reaches as `ScriptedError`, and which declarations it
/// names as the app's error types.
@Suite struct InitScriptedErrorTests {
    private func method(
        _ signature: String, parameters: [(String, String)] = [], async: Bool = false, throws: Bool = false,
        returns: String? = nil
    ) -> SwiftDeclarations.Method {
        SwiftDeclarations.Method(
            name: String(signature.dropFirst(5).prefix { $0 != "(" }),
            parameters: parameters.map { .init(label: $0.0, name: $0.0, type: $0.1) }, isAsync: async,
            isThrowing: `throws`, returnType: returns, signature: signature)
    }

    @Test func onlyAMethodThatFailsWithTheUntypedErrorCounts() {
        // Untyped failures: thrown, in a Result, in a publisher, in a completion handler
        #expect(MockSource.failsUntyped(method("func load() async throws -> User", async: true, throws: true)))
        #expect(
            MockSource.failsUntyped(
                method("func load() async -> Result<User, Error>", async: true, returns: "Result<User, Error>")))
        #expect(
            MockSource.failsUntyped(
                method("func users() -> AnyPublisher<[User], any Error>", returns: "AnyPublisher<[User], any Error>")))
        #expect(
            MockSource.failsUntyped(
                method(
                    "func save(completion: @escaping (Error?) -> Void)",
                    parameters: [("completion", "@escaping (Error?) -> Void")])))
        // Typed failures, methods that cannot fail, and an Error only taken as an argument do not
        #expect(
            !MockSource.failsUntyped(method("func load() async throws(LoadError) -> User", async: true, throws: true)))
        #expect(
            !MockSource.failsUntyped(
                method("func load() async -> Result<User, LoadError>", async: true, returns: "Result<User, LoadError>"))
        )
        #expect(!MockSource.failsUntyped(method("func count() async -> Int", async: true, returns: "Int")))
        #expect(!MockSource.failsUntyped(method("func log(_ error: Error)", parameters: [("_", "Error")])))
        #expect(
            !MockSource.failsUntyped(
                method("func handle(_ e: Error) -> Bool", parameters: [("_", "Error")], returns: "Bool")))
        #expect(
            !MockSource.failsUntyped(
                method(
                    "func user(completion: @escaping (User?) -> Void)",
                    parameters: [("completion", "@escaping (User?) -> Void")])))
    }

    @Test func anErrorTypeIsOneThatInheritsAnErrorProtocol() {
        #expect(InitFiles.declaresErrorConformance(": Error"))
        #expect(InitFiles.declaresErrorConformance(": Decodable, LocalizedError"))
        #expect(InitFiles.declaresErrorConformance("<Payload: Decodable>: Swift.Error where Payload: Sendable"))
        #expect(!InitFiles.declaresErrorConformance("<E: Error>"))
        #expect(!InitFiles.declaresErrorConformance("<E: Error>: Decodable"))
        #expect(!InitFiles.declaresErrorConformance(": ErrorReporting"))
        #expect(!InitFiles.declaresErrorConformance(": Decodable where T: Error"))
    }
}
