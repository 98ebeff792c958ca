import ScenarioJSON
import Testing

@testable import Rehearsal

/// Mock keys are `Type.method` (or a full name, `Type.method(label:)`) of Swift identifiers: letters, digits and
/// underscores, not starting with a digit, letters as Unicode has them (`Character.isLetter`). ASCII keys are read
/// from their bytes; these check that the bytes give what the characters' properties give, for ASCII and beyond.
@Suite struct MockKeyTests {
    @Test func asciiKeysAreReadAsTheirCharactersSay() {
        #expect(MockKey("StoreRepository.fetchContributors")?.type == "StoreRepository")
        #expect(MockKey("_Repo2.fetch_3")?.method == "fetch_3")
        #expect(MockKey("Repo.transform(date:)")?.labels == "(date:)")
        #expect(MockKey("Repo.transform(_:dateInfo:)")?.labels == "(_:dateInfo:)")
        let rejected = [
            "1Repo.fetch", "Repo.2fetch", "Re-po.fetch", "Repo.fe tch", "Repo.fe\ttch", "Repo.fe\u{7F}tch", "Repo.",
            ".fetch", "Repo",
        ]
        for rejected in rejected {
            #expect(MockKey(rejected) == nil, "\(rejected)")
        }
        // Every ASCII character, in and after the first place, as `Character` classifies it.
        for byte in UInt8(0x21)...UInt8(0x7E) where byte != UInt8(ascii: ".") && byte != UInt8(ascii: "(") {
            let character = Character(UnicodeScalar(byte))
            let starts = character == "_" || character.isLetter
            let continues = starts || character.isNumber
            #expect((MockKey("\(character)x.m") != nil) == starts, "\(character)")
            #expect((MockKey("x\(character).m") != nil) == continues, "\(character)")
        }
    }

    @Test func unicodeIdentifiersAreKeysToo() {
        #expect(MockKey("Dépôt.charger")?.type == "Dépôt")
        #expect(MockKey("Хранилище.загрузить")?.method == "загрузить")
        #expect(MockKey("Dépôt.char ger") == nil)
        #expect(MockKey("١Dépôt.charger") == nil)
    }

    @Test func aRenamedKeyIsReadAgain() throws {
        let document = try JSONParser().parse(
            #"{"viewModel": "V", "mocks": {"Repo.fetch": [{"return": 1}]}, "steps": []}"#, path: "v.json")
        var entry = try #require(try ScenarioLoader().scenario(from: document, name: "v").mocks.first)
        #expect(entry.parsedKey?.type == "Repo")
        entry.key = "Store.load"
        #expect(entry.parsedKey?.type == "Store")
    }
}
