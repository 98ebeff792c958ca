import Testing

@testable import ScenarioJSON

/// A member or an enum case that is misspelt in the file: the error is at the misspelt key and names the fix (the
/// rename, the case one edit away, the cases of a `CaseIterable` enum), never the misspelling as the suggestion.
@Suite("JSONValueDecoder misspellings")
struct JSONValueDecoderMisspellingTests {
    struct Config: Decodable {
        var storeId: Int
    }

    enum Input: Decodable {
        case load
        case menuItemSelected(Int)
        case search(query: String, limit: UInt8?)
    }

    func decodeFailure<T: Decodable>(_ type: T.Type, _ text: String, at pointer: JSONPointer = .root) -> String {
        renderedError {
            let document = try JSONParser().parse(text, path: "Scenarios/x.json")
            _ = try JSONValueDecoder().decode(type, from: document, at: pointer)
        }
    }

    @Test func reportsAMisspeltMemberAtItsKeyWithTheRenameThatFixesIt() {
        let failure = decodeFailure(Config.self, "{\n  \"config\": {\"storeID\": 1}\n}", at: JSONPointer(["config"]))
        #expect(
            failure == """
                Scenarios/x.json:2:14: error: config: expected a member "storeId", found "storeID"
                  "config": {"storeID": 1}
                             ^
                  hint: rename "storeID" to "storeId"
                """)
    }

    struct Order: Decodable {
        enum Coupon: String, Decodable, CaseIterable {
            case tenOff
            case fiftyPercentOff
        }

        enum Size: Int, Decodable {
            case small = 1
            case large = 2
        }

        var coupon: Coupon?
        var size: Size?
    }

    @Test func aRawValueEnumsUnknownValueListsTheValuesItTakes() {
        // Given a misspelt raw value of a CaseIterable enum, as Swift's synthesised init rejects it
        let failure = decodeFailure(Order.self, #"{"coupon": "fiftyPercentof"}"#)

        // Then the error is at the value, says what it is, and lists (and suggests) the values
        #expect(
            failure == """
                Scenarios/x.json:1:12: error: coupon: "fiftyPercentof" is no value of Coupon
                {"coupon": "fiftyPercentof"}
                           ^
                  hint: did you mean "fiftyPercentOff"? use one of: "tenOff", "fiftyPercentOff"
                """)
    }

    @Test func aRawValueEnumThatCannotListItsValuesKeepsItsOwnMessage() {
        let failure = decodeFailure(Order.self, #"{"size": 3}"#)
        #expect(
            failure.hasPrefix("Scenarios/x.json:1:10: error: size: Cannot initialize Size from invalid Int value 3"))
    }

    struct Search: Decodable {
        var pageSize: Int
        var minimumQueryLength: Int
    }

    @Test func aMisspeltMemberBesideOthersIsRenamedWhereItIsWritten() {
        let text = "{\n  \"config\": {\"minimumQueryLength\": 2,\n    \"pagesize\": 10}\n}"
        #expect(
            decodeFailure(Search.self, text, at: JSONPointer(["config"])) == """
                Scenarios/x.json:3:5: error: config: expected a member "pageSize", found "pagesize"
                    "pagesize": 10}
                    ^
                  hint: rename "pagesize" to "pageSize"
                """)
    }

    struct Player: Decodable {
        var name: String
        var game: String
    }

    @Test func aMemberTheTypeTakesIsNeverOfferedAsTheMissingOne() {
        #expect(
            decodeFailure(Player.self, "{\"game\": \"go\"}") == """
                Scenarios/x.json:1:1: error: expected a member "name", found none
                {"game": "go"}
                ^
                  hint: add it next to "game"
                """)
    }

    struct Debounce: Decodable {
        var minimumQueryLength: Int
        var debounceMilliseconds: Int
    }

    @Test func aMemberUnderAnotherNameIsOfferedAsARenameBesideTheMembersTheTypeTakes() {
        // The type's own member is never offered as the missing one; the member it does not take may be meant
        #expect(
            decodeFailure(Debounce.self, "{\"minimumQueryLength\": 2, \"debounceMs\": 300}") == """
                Scenarios/x.json:1:1: error: expected a member "debounceMilliseconds", found none
                {"minimumQueryLength": 2, "debounceMs": 300}
                ^
                  hint: add it next to "minimumQueryLength"; "debounceMs" is not a member of the type: rename it to \
                "debounceMilliseconds" if it is meant to be that one
                """)
        #expect(
            decodeFailure(Player.self, "{\"title\": \"x\", \"kind\": \"y\"}") == """
                Scenarios/x.json:1:1: error: expected a member "name", found none
                {"title": "x", "kind": "y"}
                ^
                  hint: add "name": <value>; "title", "kind" are not members of the type: rename the one that is meant \
                to be "name"
                """)
    }

    /// A type that is not `CaseIterable` still has its cases' names in its field records (the names a synthesised
    /// `Decodable` takes as keys): they are listed with the cases with a payload first, as the records hold them.
    @Test func anUnknownEnumCaseIsReportedAtItsKeyWithTheCaseOneEditAway() {
        #expect(
            decodeFailure(Input.self, "{\"serch\": {\"query\": \"kale\"}}") == """
                Scenarios/x.json:1:2: error: unknown case "serch" of Input
                {"serch": {"query": "kale"}}
                 ^
                  hint: did you mean "search"? Cases: menuItemSelected, search, load
                """)
        #expect(
            decodeFailure([Input].self, "[{\"load\": {}},\n {\"lod\": {}}]") == """
                Scenarios/x.json:2:3: error: [1]: unknown case "lod" of Input
                 {"lod": {}}]
                  ^
                  hint: did you mean "load"? Cases: menuItemSelected, search, load
                """)
        #expect(
            decodeFailure(Input.self, "{\"refresh\": {}}") == """
                Scenarios/x.json:1:2: error: unknown case "refresh" of Input
                {"refresh": {}}
                 ^
                  hint: use one of the cases: menuItemSelected, search, load
                """)
    }

    enum Failure: Error, Decodable, CaseIterable {
        case offline, unauthorized, serverDown
    }

    @Test func aCaseIterableEnumListsItsCasesForAnUnknownOne() {
        #expect(
            decodeFailure(Failure.self, "{\"ofline\": {}}") == """
                Scenarios/x.json:1:2: error: unknown case "ofline" of Failure
                {"ofline": {}}
                 ^
                  hint: did you mean "offline"? Cases: offline, unauthorized, serverDown
                """)
        #expect(
            decodeFailure(Failure.self, "{\"timeout\": {}}") == """
                Scenarios/x.json:1:2: error: unknown case "timeout" of Failure
                {"timeout": {}}
                 ^
                  hint: use one of the cases: offline, unauthorized, serverDown
                """)
    }

    enum ReviewsError: Error, Decodable {
        case network(String)
        case unauthorized
    }

    @Test func aCaseMoreThanOneEditAwayIsSuggestedFromTheEnumsDeclaredCases() {
        // The documented example: two edits from "unauthorized", for an enum that cannot list its cases
        #expect(
            decodeFailure(ReviewsError.self, "{\"unauthorise\": {}}") == """
                Scenarios/x.json:1:2: error: unknown case "unauthorise" of ReviewsError
                {"unauthorise": {}}
                 ^
                  hint: did you mean "unauthorized"? Cases: network, unauthorized
                """)
    }

    @Test func aCaseWrittenByItsNameThatIsNoCaseIsSaidToBeOneAtTheString() {
        // A case without payload may be written by its name alone; a misspelt name is an unknown case, not "expected
        // an object", and the cases offered are those that may be written so
        #expect(
            decodeFailure(ReviewsError.self, "\"unauthorised\"") == """
                Scenarios/x.json:1:1: error: unknown case "unauthorised" of ReviewsError
                "unauthorised"
                ^
                  hint: did you mean "unauthorized"? Cases: unauthorized
                """)
        #expect(
            decodeFailure(Failure.self, "\"timeout\"") == """
                Scenarios/x.json:1:1: error: unknown case "timeout" of Failure
                "timeout"
                ^
                  hint: use one of the cases: offline, unauthorized, serverDown
                """)
        // And by its name alone only a case without a payload can be meant: "networ" is not offered "network"
        #expect(
            decodeFailure(ReviewsError.self, "\"networ\"") == """
                Scenarios/x.json:1:1: error: unknown case "networ" of ReviewsError
                "networ"
                ^
                  hint: use one of the cases: unauthorized
                """)
        // And a string where a struct is wanted is still a type mismatch
        #expect(decodeFailure(Debounce.self, "\"fast\"").contains("error: expected an object, found the string"))
    }
}
