import CombineCompat
import ExampleCatalog
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// `rehearsal new`'s starter scenario, made for every ViewModel of the example catalog: it is valid, records, and
/// passes against the golden it recorded.
@Suite struct StarterScenarioTests {
    @Test(arguments: exampleCatalog.names)
    func theStarterOfEveryBundledViewModelIsValidRecordsAndPasses(_ name: String) throws {
        // Given the starter of a ViewModel, written in a fresh project
        let sandbox = try ScenarioSandbox()
        let path = "Scenarios/starter/\(name).json"
        let starter = try StarterScenario.make(viewModel: name, catalog: exampleCatalog, root: sandbox.root, path: path)
            .get()
        #expect(starter.problems.isEmpty, "\(starter.problems)")
        try sandbox.write(starter.text, to: path)
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: sandbox.root))
        let store = GoldenStore(root: sandbox.root)
        // When it is validated, recorded, then run against its golden
        let problems = runner.validate(file: path)
        let recorded = GoldenCheck(store: store, mode: .all).check(file: path, with: runner)
        let rerun = GoldenCheck(store: store, mode: .never).check(file: path, with: runner)
        // Then it is valid, records its golden, and passes
        #expect(problems.isEmpty, "\(problems)\n\(starter.text)")
        #expect(recorded.status == .recorded, "\(recorded.text)\n\(starter.text)")
        #expect(rerun.status == .passed, "\(rerun.text)\n\(starter.text)")
        // And it sends every input the ViewModel has, or says why it does not
        let sent = try ScenarioLoader(root: sandbox.root).load(path).steps.compactMap(\.inputName)
        #expect(!sent.isEmpty)
    }

    @Test func theStarterHasTheConfigAStepPerInputANeverAnswerPerCallAndSaysWhatItMadeUp() throws {
        let sandbox = try ScenarioSandbox()
        let starter = try StarterScenario.make(
            viewModel: "StoreReviews", catalog: exampleCatalog, root: sandbox.root, path: "Scenarios/a.json"
        ).get()
        #expect(
            starter.text == #"""
                {
                  "description": \#(JSONWriter().string(.string(StarterFile.description))),
                  "viewModel": "StoreReviews",
                  "config": {"storeId": 0},
                  "mocks": {
                    "ReviewRepository.fetchReviews": [
                      {"when": {"storeId": 0, "cursor": null}, "never": true}
                    ],
                    "ReviewDraftStore.cachedDraft": [
                      {"when": {"storeId": 0}, "return": "text"}
                    ]
                  },
                  "steps": [
                    {"at": "0.000s", "send": "load"},
                    {"at": "1.000s", "send": "loadMore"},
                    {"at": "2.000s", "send": "didTapSort"},
                    {"at": "3.000s", "send": "didSelectReview", "value": [0, 0]},
                    {"at": "4.000s", "send": "didTapWrite"}
                  ],
                  "until": "5.000s",
                  "strict": false
                }

                """#)
        #expect(
            starter.notes == [
                "config is a made-up StoreConfig: give it the values of the case to rehearse",
                "the starter is \"strict\": false, so its end checks are notes (the call to "
                    + "ReviewRepository.fetchReviews made by step 0 at 0.000s still waits for an answer that never "
                    + "comes): script the answers, then remove it",
            ])
        #expect(starter.mockKeys == ["ReviewRepository.fetchReviews", "ReviewDraftStore.cachedDraft"])
    }

    @Test func aCallMadeSeveralTimesWithTheSameArgumentsIsAnsweredThatManyTimes() throws {
        let sandbox = try ScenarioSandbox()
        let starter = try StarterScenario.make(
            viewModel: "RandomPeople", catalog: exampleCatalog, root: sandbox.root, path: "Scenarios/a.json"
        ).get()
        #expect(
            starter.text.contains(
                #"    "RandomUserService.getRandomPerson": [\#n"#
                    + #"      {"when": {"url": "https://randomuser.me/api/"}, "never": true, "times": 4}\#n"#))
        #expect(starter.notes == [])
    }

    @Test func aViewModelThatCannotBeBuiltIsAFailureWithItsFindings() throws {
        let sandbox = try ScenarioSandbox()
        let given: JSONValue = ["storeId": "forty-two"]
        let made = StarterScenario.make(
            viewModel: "StoreReviews", catalog: exampleCatalog, root: sandbox.root, path: "Scenarios/a.json",
            config: given)
        guard case .failure(let failure) = made else {
            Issue.record("a starter was made: \(made)")
            return
        }
        #expect(
            failure.findings.map(\.diagnostic.description) == [
                """
                error: config.storeId: expected an integer, found the string "forty-two"
                  "config": {"storeId": "forty-two"},
                                        ^
                  hint: write an integer here, without quotes
                """
            ])
    }
}

/// A starter scripts overloads called under one short key by their full names, as a scenario must.
@Suite struct StarterOverloadTests {
    @Test func overloadsCalledUnderOneShortKeyAreKeyedByTheirFullNames() throws {
        // Given calls of two overloads of one method and of a method without overloads
        let discovery = ScenarioDiscovery()
        let encoding = ValueEncoding()
        discovery.called(MockCall(mock: "DateProvider", function: "transform(date:)", values: [1], encoding: encoding))
        discovery.called(
            MockCall(mock: "DateProvider", function: "transform(dateInfo:)", values: [2], encoding: encoding))
        discovery.called(MockCall(mock: "Inbox", function: "load(folder:)", values: ["a"], encoding: encoding))

        // Then the overloads are keyed by their full names and the other by its short key
        #expect(
            discovery.calls.map(\.key) == [
                "DateProvider.transform(date:)", "DateProvider.transform(dateInfo:)", "Inbox.load",
            ])
    }

    @Test func aViewModelDrivenThroughItsPublishedPropertiesIsToldHowToSetThem() throws {
        // Given a ViewModel with no subject or action, whose view writes its @Published properties
        let catalog = Catalog { ViewModelEntry("Settings") { _ in SettingsFormViewModel() } }
        let sandbox = try ScenarioSandbox()
        // When its starter is made
        let starter = try StarterScenario.make(
            viewModel: "Settings", catalog: catalog, root: sandbox.root, path: "Scenarios/a.json"
        ).get()
        // Then it says which properties a set step sets and how, instead of that it has no inputs
        #expect(
            starter.notes.contains(
                "the ViewModel's @Published properties (name, isDarkMode) are set by no step: add a step such as "
                    + #"{"set": "name", "value": …} for each one a view writes, as its binding does"#),
            "\(starter.notes)")
        #expect(!starter.notes.contains { $0.contains("has no inputs") })
    }
}

/// A `send` to a `@Published` property says that a `set` step sets it.
@Suite struct SendToAPublishedPropertyTests {
    @Test func theStepIsToldToSetIt() throws {
        let catalog = Catalog { ViewModelEntry("Settings") { _ in SettingsFormViewModel() } }
        let outcome = try runInline(
            #"{"viewModel": "Settings", "steps": [{"send": "name", "value": "Ada"}]}"#, catalog: catalog)
        #expect(
            outcome.findings.map(\.diagnostic.message) == [
                "'name' of ViewModel 'Settings' is a @Published property, which a step sets, not an input it sends"
            ])
        #expect(
            outcome.findings.first?.diagnostic.hint == #"write {"set": "name", "value": …} as a view's binding sets it"#
        )
    }
}

/// A settings form: a view's text field and toggle write its properties.
final class SettingsFormViewModel: ObservableObject {
    @Published var name = ""
    @Published var isDarkMode = false
}
