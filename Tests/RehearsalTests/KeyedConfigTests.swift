import CombineCompat
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// A factory that reads one member of the config (`context.config(Int.self, key: "minimumQueryLength")`, as
/// `rehearsal init` writes for an initialiser's plain argument): a member missing or misspelt is the decoder's own
/// error, located in the scenario file, with the rename when the config has it under another spelling.
@Suite struct KeyedConfigTests {
    final class QueryViewModel {
        let query = PassthroughSubject<String, Never>()
        init(minimumQueryLength: Int) {}
    }

    static let catalog = Catalog {
        ViewModelEntry("Query") { context in
            QueryViewModel(minimumQueryLength: try context.config(Int.self, key: "minimumQueryLength"))
        }
    }

    static func findings(_ text: String) throws -> [String] {
        let document = try JSONParser().parse(text, path: "Scenarios/query.json")
        let scenario = try ScenarioLoader().scenario(from: document, name: "query")
        return ScenarioRunner(catalog: catalog).run(scenario).findings.map(\.diagnostic.description)
    }

    @Test func aMemberNamedForTheSameThingIsOfferedAsTheRename() throws {
        let found = try Self.findings(
            """
            {
              "viewModel": "Query",
              "config": {"minQueryLength": 2},
              "steps": []
            }
            """)
        #expect(
            found == [
                """
                Scenarios/query.json:3:13: error: config: expected a member "minimumQueryLength", found none
                  "config": {"minQueryLength": 2},
                            ^
                  hint: rename "minQueryLength" to "minimumQueryLength" if it is meant to be that member, or add \
                "minimumQueryLength" next to it
                """
            ])
    }

    @Test func aTypoGetsTheRenameToo() throws {
        let found = try Self.findings(#"{"viewModel": "Query", "config": {"minimumQueryLenght": 2}, "steps": []}"#)
        #expect(found.count == 1)
        #expect(
            found.first?.hasSuffix(
                #"hint: rename "minimumQueryLenght" to "minimumQueryLength" if it is meant to be that member, or add "#
                    + #""minimumQueryLength" next to it"#) == true, "\(found)")
    }

    @Test func aConfigWithoutTheMemberOrNoConfigSaysWhatToAdd() throws {
        let without = try Self.findings(#"{"viewModel": "Query", "config": {"locale": "en"}, "steps": []}"#)
        #expect(without.count == 1)
        #expect(without.first?.contains(#"error: config: expected a member "minimumQueryLength", found none"#) == true)
        #expect(without.first?.contains("rename") == false)
        let none = try Self.findings(#"{"viewModel": "Query", "steps": []}"#)
        #expect(none.count == 1)
        #expect(none.first?.contains(#"hint: add "config": {"minimumQueryLength": …} (a Int)"#) == true)
    }
}
