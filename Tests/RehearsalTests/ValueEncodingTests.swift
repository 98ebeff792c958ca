import CombineCompat
import Foundation
import FrameworkSeam
import ScenarioJSON
import Testing

@testable import Rehearsal

private enum Route {
    case dismiss
    case pushDetail(Detail)
    case pushPair(id: Int, name: String)
}

private final class Detail {
    let id: Int
    let tags: Set<String>
    let scores: [String: Int]
    let onClose: () -> Void
    weak var parent: Detail?
    var child: Detail?

    init(id: Int) {
        self.id = id
        tags = ["b", "a", "c"]
        scores = ["z": 1, "a": 2]
        onClose = {}
    }
}

private enum LoadError: Error {
    case offline
    case server(code: Int)
}

private struct PlainError: Error {}

/// A value with a timeline form of its own, as the framework stand-ins' are (an `Encodable` one: the form wins).
private struct Badge: TimelineRepresentable, Encodable {
    let name: String
    var timelineRepresentation: Any { ["$type": "Badge", "name": name, "inner": Inner()] as [String: Any] }

    struct Inner: TimelineRepresentable {
        var timelineRepresentation: Any { "Inner()" }
    }
}

private struct Page: Codable {
    let items: [Int]
    let cursor: String?
}

@Suite("How values are written into timelines")
struct ValueEncodingTests {
    let encoding = ValueEncoding()
    let writer = JSONWriter(style: .spaced)

    func text(_ value: Any) -> String { writer.string(encoding.encode(value)) }

    @Test func encodableValuesUseTheirCodableForm() {
        // Synthesised Codable leaves out nil optionals.
        #expect(text(Page(items: [1, 2], cursor: nil)) == #"{"items": [1, 2]}"#)
        #expect(text(Page(items: [], cursor: "c2")) == #"{"items": [], "cursor": "c2"}"#)
        #expect(text(["b": 1, "a": 2]) == #"{"a": 2, "b": 1}"#)
        #expect(text(Optional<Int>.none as Any) == "null")
    }

    @Test func aTimelineRepresentableValueIsItsFormEncodedByTheSameRules() {
        #expect(text(Badge(name: "gold")) == #"{"$type": "Badge", "inner": "Inner()", "name": "gold"}"#)
        #expect(text([Badge.Inner(), Badge.Inner()]) == #"["Inner()", "Inner()"]"#)
    }

    @Test func enumsWithoutPayloadAreTheirCaseName() {
        #expect(text(Route.dismiss) == #""dismiss""#)
    }

    @Test func objectsAreTypedFieldsInDeclarationOrderWithoutAddresses() {
        // Given a class with a set, a dictionary, a closure, a weak reference and a cycle
        let detail = Detail(id: 7)
        detail.child = detail
        // Then sets and dictionaries are sorted, closures are named, the cycle is cut
        #expect(
            text(Route.pushDetail(detail)) == """
                {"pushDetail": {"$type": "Detail", "id": 7, "tags": ["a", "b", "c"], "scores": {"a": 2, "z": 1}, \
                "onClose": "$function", "parent": null, "child": {"$cycle": "Detail"}}}
                """)
    }

    @Test func aPublishedPropertyOfARecordedObjectIsItsValue() {
        // Given an object with @Published properties beside a plain one, as a ViewModel handed on in a route is
        final class Profile {
            @Published var name = "Kim"
            @Published var followers: Int? = nil
            let id = 3
        }

        // Then each property is its value, named without the storage's underscore
        #expect(text(Profile()) == #"{"$type": "Profile", "name": "Kim", "followers": null, "id": 3}"#)
    }

    @Test func labelledPayloadsBecomeObjects() {
        #expect(text(Route.pushPair(id: 1, name: "Kim")) == #"{"pushPair": {"id": 1, "name": "Kim"}}"#)
    }

    @Test func errorsCarryTheirTypeCaseAndFields() {
        #expect(text(LoadError.offline) == #"{"$error": "LoadError", "case": "offline"}"#)
        #expect(
            text(LoadError.server(code: 503)) == #"{"$error": "LoadError", "case": "server", "value": {"code": 503}}"#)
        #expect(text(PlainError()) == #"{"$error": "PlainError", "message": "PlainError()"}"#)
    }

    @Test func publishersCombineValuesAndAddressesNeverShowTheirInternals() {
        // Given a value holding what a ViewModel keeps beside its data: a type-erased publisher, a subject, a
        // cancellable, a closure, an existential, a lock (a pointer inside) and a raw pointer
        final class Holder { let lock = NSLock() }
        struct Badge {
            let count: Int
            let updates: AnyPublisher<Int, Never>
            let source: PassthroughSubject<String, Error>
            let cancellable: AnyCancellable
            let onTap: () -> Void
            let any: Any
            let holder: Holder
            let pointer: UnsafeMutableRawPointer?
        }
        let subject = PassthroughSubject<String, Error>()
        let badge = Badge(
            count: 2, updates: Just(1).eraseToAnyPublisher(), source: subject, cancellable: AnyCancellable {},
            onTap: {}, any: 7 as Any, holder: Holder(), pointer: UnsafeMutableRawPointer(bitPattern: 0x1234))

        // Then publishers record as AnyPublisher<Output, Failure>, Combine values by their type, addresses as
        // "$pointer": the same text in every run and every process
        #expect(
            text(badge) == """
                {"$type": "Badge", "count": 2, "updates": {"$type": "AnyPublisher<Int, Never>"}, "source": \
                {"$type": "AnyPublisher<String, Error>"}, "cancellable": {"$type": "AnyCancellable"}, "onTap": \
                "$function", "any": 7, "holder": {"$type": "Holder", "lock": {"$type": "NSLock", "mutex": \
                "$pointer", "name": null}}, "pointer": "$pointer"}
                """)
    }

    @Test func sameValueSameBytesEveryTime() {
        let detail = Detail(id: 1)
        let first = text(detail)
        for _ in 0..<100 { #expect(text(detail) == first) }
    }
}

@Suite("Mock calls")
struct MockCallTests {
    @Test func argumentsAreNamedByTheMethodsLabels() {
        let call = MockCall(
            mock: "StoreRepository", function: "fetchContributors(storeId:cursor:)", values: [42, nil],
            encoding: ValueEncoding())
        #expect(call.key == "StoreRepository.fetchContributors")
        #expect(JSONWriter(style: .spaced).string(.object(call.arguments)) == #"{"storeId": 42, "cursor": null}"#)
    }

    @Test func unlabelledArgumentsArePositional() {
        let call = MockCall(
            mock: "Log", function: "log(_:parameters:)", values: ["open", ["k": "v"]], encoding: ValueEncoding())
        #expect(call.key == "Log.log")
        #expect(
            JSONWriter(style: .spaced).string(.object(call.arguments)) == #"{"_0": "open", "parameters": {"k": "v"}}"#)
    }

    @Test func mockNamesDropMockAffixes() {
        final class StoreRepositoryMock {}
        final class MockUserService {}
        final class Mock {}
        #expect(ScriptedMock.defaultName(of: StoreRepositoryMock.self) == "StoreRepository")
        #expect(ScriptedMock.defaultName(of: MockUserService.self) == "UserService")
        #expect(ScriptedMock.defaultName(of: Mock.self) == "Mock")
    }
}

@Suite("Did you mean")
struct SuggestionTests {
    @Test(arguments: [
        ("lod", "load"), ("didTapSerch", "didTapSearch"), ("LOAD", "load"), ("loadMroe", "loadMore"),
    ])
    func closeTyposAreSuggested(_ typo: String, _ expected: String) {
        #expect(Suggestion.closest(to: typo, in: ["load", "loadMore", "didTapSearch", "didTapClose"]) == expected)
    }

    @Test func farNamesAreNot() {
        #expect(Suggestion.closest(to: "refreshEverything", in: ["load", "loadMore"]) == nil)
    }
}
