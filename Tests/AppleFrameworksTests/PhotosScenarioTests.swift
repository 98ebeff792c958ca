import Combine
import Photos
import Rehearsal
import Testing

/// A ViewModel that asks for photo library access before it shows the picker, and shows an asset it is given.
final class PhotoAccessViewModel {
    struct Input {
        let choosePhoto = PassthroughSubject<Void, Never>()
        let picked = PassthroughSubject<String, Never>()
    }
    struct Output {
        let access = PassthroughSubject<PHAuthorizationStatus, Never>()
        let route = PassthroughSubject<Route, Never>()
        let asset = PassthroughSubject<PHAsset, Never>()
    }
    enum Route { case picker, settings }

    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()

    init() {
        let output = self.output
        input.choosePhoto
            .sink {
                PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
                    output.access.send(status)
                    output.route.send(status == .authorized || status == .limited ? .picker : .settings)
                }
            }
            .store(in: &cancellables)
        input.picked
            .sink {
                output.asset.send(PHAsset(localIdentifier: $0, mediaType: .image, pixelWidth: 4032, pixelHeight: 3024))
            }
            .store(in: &cancellables)
    }
}

let photosCatalog = Catalog {
    ViewModelEntry("PhotoAccess") { _ in PhotoAccessViewModel() }
}

/// `PHPhotoLibrary.requestAuthorization(for:handler:)` as a scripted mock. Apple documents it as requesting "the
/// user's permission, if needed": once the status is determined, no one is asked and the handler gets the status.
@Suite(.serialized) struct PhotosScenarioTests {
    @Test func theUsersChoiceArrivesAtItsTimeAndASecondRequestAsksNoOne() throws {
        let run = try play(
            """
            {"viewModel": "PhotoAccess",
             "mocks": {"PHPhotoLibrary.requestAuthorization": [
               {"after": "2s", "when": {"accessLevel": "readWrite"}, "return": "limited"}]},
             "steps": [{"at": "0ms", "send": "choosePhoto"}, {"at": "5s", "send": "choosePhoto"},
                       {"at": "6s", "send": "picked", "value": "A1B2/L0/001"}]}
            """, catalog: photosCatalog)

        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "input": "choosePhoto"}"#,
                #"{"at": "0.000s", "call": "PHPhotoLibrary.authorizationStatus", "args": {"accessLevel": "readWrite"}}"#,
                #"{"at": "0.000s", "call": "PHPhotoLibrary.requestAuthorization", "args": {"accessLevel": "readWrite"}}"#,
                #"{"at": "2.000s", "response": "PHPhotoLibrary.requestAuthorization", "index": 0}"#,
                #"{"at": "2.000s", "output": "access", "value": "limited"}"#,
                #"{"at": "2.000s", "route": "picker"}"#,
                #"{"at": "5.000s", "input": "choosePhoto"}"#,
                #"{"at": "5.000s", "call": "PHPhotoLibrary.requestAuthorization", "args": {"accessLevel": "readWrite"}}"#,
                #"{"at": "5.000s", "output": "access", "value": "limited"}"#,
                #"{"at": "5.000s", "route": "picker"}"#,
                #"{"at": "6.000s", "input": "picked", "value": "A1B2/L0/001"}"#,
                #"{"at": "6.000s", "output": "asset", "value": {"$type": "PHAsset", "localIdentifier": "A1B2/L0/001", "#
                    + #""mediaType": "image", "pixelHeight": 3024, "pixelWidth": 4032}}"#,
            ])
    }

    @Test func aScriptedStatusIsTheFirstAnswerWhichNoOneIsAskedToChange() throws {
        let run = try play(
            """
            {"viewModel": "PhotoAccess",
             "mocks": {"PHPhotoLibrary.authorizationStatus": [{"return": "denied"}]},
             "steps": [{"at": "0ms", "send": "choosePhoto"}]}
            """, catalog: photosCatalog)

        // Then the denied status routes to Settings, and the request is recorded but asks no one
        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "input": "choosePhoto"}"#,
                #"{"at": "0.000s", "call": "PHPhotoLibrary.authorizationStatus", "args": {"accessLevel": "readWrite"}}"#,
                #"{"at": "0.000s", "response": "PHPhotoLibrary.authorizationStatus", "index": 0}"#,
                #"{"at": "0.000s", "call": "PHPhotoLibrary.requestAuthorization", "args": {"accessLevel": "readWrite"}}"#,
                #"{"at": "0.000s", "output": "access", "value": "denied"}"#,
                #"{"at": "0.000s", "route": "settings"}"#,
            ])
    }

    @Test func aStatusThatIsNoCaseIsReportedAtItsValueAndAnUnscriptedRequestAsAnyMocksCall() throws {
        let run = try play(
            """
            {"viewModel": "PhotoAccess",
             "mocks": {"PHPhotoLibrary.authorizationStatus": [{"return": "allowed"}]},
             "steps": [{"at": "0ms", "send": "choosePhoto"}]}
            """, catalog: photosCatalog)

        #expect(
            run.findings == [
                """
                inline.json:2:62: error: mocks.PHPhotoLibrary.authorizationStatus[0].return: the scripted response \
                does not decode into PHAuthorizationStatus: unknown PHAuthorizationStatus "allowed"; expected one of \
                notDetermined, restricted, denied, authorized, limited
                 "mocks": {"PHPhotoLibrary.authorizationStatus": [{"return": "allowed"}]},
                                                                             ^
                  hint: change the value to one the type accepts
                """,
                """
                inline.json:3:12: error: no response is scripted for PHPhotoLibrary.requestAuthorization (call made by \
                step 0 at 0.000s)
                 "steps": [{"at": "0ms", "send": "choosePhoto"}]}
                           ^
                  hint: add "PHPhotoLibrary.requestAuthorization": [{"after": "0ms", "return": …}] to "mocks"
                """,
            ])
    }
}
