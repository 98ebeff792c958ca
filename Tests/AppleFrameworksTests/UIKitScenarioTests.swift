import Combine
import Rehearsal
import Testing
import UIKit

/// A ViewModel as a UIKit team writes it: it opens URLs, builds a diffable snapshot it publishes and applies to the
/// data source its view controller gave it, and publishes an image and a colour.
@MainActor
final class ContactsViewModel {
    enum Section: String, Hashable, Sendable { case favourites, everyone }
    struct Input {
        let call = PassthroughSubject<String, Never>()
        let load = PassthroughSubject<Void, Never>()
    }
    struct Output {
        let snapshot = PassthroughSubject<NSDiffableDataSourceSnapshot<Section, String>, Never>()
        let avatar = PassthroughSubject<UIImage?, Never>()
        let tint = PassthroughSubject<UIColor, Never>()
        let failure = PassthroughSubject<String, Never>()
    }

    let input = Input()
    let output = Output()
    var dataSource: UITableViewDiffableDataSource<Section, String>?
    private var cancellables = Set<AnyCancellable>()

    init() {
        input.call.sink { [weak self] number in self?.call(number) }.store(in: &cancellables)
        input.load.sink { [weak self] in self?.load() }.store(in: &cancellables)
    }

    private func call(_ number: String) {
        guard let url = URL(string: "tel://\(number)"), UIApplication.shared.canOpenURL(url) else {
            output.failure.send("cannot call \(number)")
            return
        }
        UIApplication.shared.open(url, options: [.universalLinksOnly: false])
    }

    private func load() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.favourites, .everyone])
        snapshot.appendItems(["ada"], toSection: .favourites)
        snapshot.appendItems(["grace", "linus"])
        snapshot.reconfigureItems(["ada"])
        output.snapshot.send(snapshot)
        dataSource?.apply(snapshot, animatingDifferences: false)
        output.avatar.send(UIImage(systemName: "person.crop.circle")?.withTintColor(.systemBlue))
        output.tint.send(UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    }
}

let contactsCatalog = Catalog {
    ViewModelEntry("Contacts") { _ in
        let viewModel = ContactsViewModel()
        // In place of the view controller, the catalog hands the ViewModel its data source.
        viewModel.dataSource = UITableViewDiffableDataSource()
        return viewModel
    }
}

/// What a scenario records of UIKit: `UIApplication.shared.open(_:)` and `canOpenURL(_:)` as calls of the mock
/// `UIApplication` (scripted like a synchronous mock method, `true` unscripted), a data source's `apply` as a call
/// whose argument is the snapshot, and images, colours and snapshots as readable values.
@Suite(.serialized) struct UIKitScenarioTests {
    @Test func openingAURLIsACallAndAScriptedAnswerStopsIt() throws {
        let run = try play(
            """
            {"viewModel": "Contacts",
             "mocks": {"UIApplication.canOpenURL": [{"when": {"url": "tel://110"}, "return": false},
                                                    {"return": true, "repeat": true}]},
             "steps": [{"at": "0ms", "send": "call", "value": "555"}, {"at": "1s", "send": "call", "value": "110"}]}
            """, catalog: contactsCatalog)

        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "input": "call", "value": "555"}"#,
                #"{"at": "0.000s", "call": "UIApplication.canOpenURL", "args": {"url": "tel://555"}}"#,
                #"{"at": "0.000s", "response": "UIApplication.canOpenURL", "index": 1}"#,
                #"{"at": "0.000s", "call": "UIApplication.open", "args": {"url": "tel://555", "options": "#
                    + #"{"UIApplicationOpenURLOptionUniversalLinksOnly": false}}}"#,
                #"{"at": "1.000s", "input": "call", "value": "110"}"#,
                #"{"at": "1.000s", "call": "UIApplication.canOpenURL", "args": {"url": "tel://110"}}"#,
                #"{"at": "1.000s", "response": "UIApplication.canOpenURL", "index": 0}"#,
                #"{"at": "1.000s", "output": "failure", "value": "cannot call 110"}"#,
            ])
    }

    @Test func snapshotsImagesAndColoursAreRecordedAsTheirContents() throws {
        let run = try play(
            #"{"viewModel": "Contacts", "steps": [{"at": "0ms", "send": "load"}]}"#, catalog: contactsCatalog)

        let sections =
            #""sections": [{"section": "favourites", "items": ["ada"]}, "#
            + #"{"section": "everyone", "items": ["grace", "linus"]}]"#
        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "input": "load"}"#,
                #"{"at": "0.000s", "output": "snapshot", "value": {"$type": "NSDiffableDataSourceSnapshot", "#
                    + #""reconfiguredItems": ["ada"], \#(sections)}}"#,
                #"{"at": "0.000s", "call": "UITableViewDiffableDataSource.apply", "args": {"snapshot": "#
                    + #"{"$type": "NSDiffableDataSourceSnapshot", "reconfiguredItems": ["ada"], \#(sections)}, "#
                    + #""animatingDifferences": false}}"#,
                #"{"at": "0.000s", "output": "avatar", "value": "#
                    + #""UIImage(systemName: \"person.crop.circle\").withTintColor(UIColor.systemBlue)"}"#,
                #"{"at": "0.000s", "output": "tint", "value": "UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)"}"#,
            ])
    }

    @Test func aScriptedAnswerThatDoesNotFitIsReportedAtItsValue() throws {
        let run = try play(
            """
            {"viewModel": "Contacts", "mocks": {"UIApplication.canOpenURL": [{"return": "yes"}]},
             "steps": [{"at": "0ms", "send": "call", "value": "555"}]}
            """, catalog: contactsCatalog)

        #expect(
            run.findings == [
                """
                inline.json:1:77: error: mocks.UIApplication.canOpenURL[0].return: the scripted response does not \
                decode into Bool: expected a bool, found the string "yes"
                {"viewModel": "Contacts", "mocks": {"UIApplication.canOpenURL": [{"return": "yes"}]},
                                                                                            ^
                  hint: write a bool here, without quotes
                """
            ])
    }
}
