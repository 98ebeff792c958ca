import Combine
import CoreLocation
import Rehearsal
import Testing

/// A ViewModel as a team writes it: it asks for authorisation, then for one location, and measures the distance to
/// a store; a second input tracks the location until a third stops it.
final class NearbyStoreViewModel: NSObject, CLLocationManagerDelegate {
    struct Input {
        let locate = PassthroughSubject<Void, Never>()
        let track = PassthroughSubject<Void, Never>()
        let stop = PassthroughSubject<Void, Never>()
    }
    struct Output {
        let status = PassthroughSubject<CLAuthorizationStatus, Never>()
        let location = PassthroughSubject<CLLocation, Never>()
        let metresToStore = PassthroughSubject<CLLocationDistance, Never>()
        let failure = PassthroughSubject<String, Never>()
    }

    let input = Input()
    let output = Output()
    private let manager = CLLocationManager()
    /// The Brandenburg Gate.
    private let store = CLLocation(latitude: 52.516_275, longitude: 13.377_704)
    private var wantsFix = false
    private var cancellables = Set<AnyCancellable>()

    override init() {
        super.init()
        manager.delegate = self
        input.locate.sink { [weak self] in self?.locate() }.store(in: &cancellables)
        input.track.sink { [weak self] in self?.manager.startUpdatingLocation() }.store(in: &cancellables)
        input.stop.sink { [weak self] in self?.manager.stopUpdatingLocation() }.store(in: &cancellables)
    }

    private func locate() {
        wantsFix = true
        if manager.authorizationStatus == .notDetermined {
            manager.requestWhenInUseAuthorization()
        } else {
            manager.requestLocation()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        output.status.send(manager.authorizationStatus)
        if wantsFix, manager.authorizationStatus == .authorizedWhenInUse { manager.requestLocation() }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            output.location.send(location)
            output.metresToStore.send(location.distance(from: store).rounded())
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        output.failure.send("\((error as? CLError)?.code ?? .locationUnknown)")
    }
}

let locationCatalog = Catalog {
    ViewModelEntry("NearbyStore") { _ in NearbyStoreViewModel() }
}

/// `CLLocationManager` as a scenario scripts it (docs/linux.md, "Apple frameworks on Linux"): the status is read once
/// from the script (or is `notDetermined`), requests are mock calls answered at their virtual time, and the delegate
/// hears on the main queue, as Apple documents it: once after the manager is created (`locationManagerDidChange
/// Authorization(_:)`: "when the app creates the related object's CLLocationManager instance"), and on every change.
@Suite(.serialized) struct LocationScenarioTests {
    @Test func theUserAuthorisesAndOneLocationArrivesAtItsVirtualTime() throws {
        // Given a user who allows location use 2s after the prompt, and a fix 300ms after the request
        let run = try play(
            """
            {"viewModel": "NearbyStore",
             "mocks": {
               "CLLocationManager.requestWhenInUseAuthorization": [{"after": "2s", "return": "authorizedWhenInUse"}],
               "CLLocationManager.requestLocation": [
                 {"after": "300ms",
                  "return": {"latitude": 52.520008, "longitude": 13.404954, "horizontalAccuracy": 10}}]},
             "steps": [{"at": "1s", "send": "locate"}]}
            """, catalog: locationCatalog)

        // Then the timeline shows each call, each answer, and what the delegate made of it, with the location as
        // a readable value and the distance on the ellipsoid
        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "call": "CLLocationManager.authorizationStatus"}"#,
                #"{"at": "0.000s", "output": "status", "value": "notDetermined"}"#,
                #"{"at": "1.000s", "input": "locate"}"#,
                #"{"at": "1.000s", "call": "CLLocationManager.requestWhenInUseAuthorization"}"#,
                #"{"at": "3.000s", "response": "CLLocationManager.requestWhenInUseAuthorization", "index": 0}"#,
                #"{"at": "3.000s", "output": "status", "value": "authorizedWhenInUse"}"#,
                #"{"at": "3.000s", "call": "CLLocationManager.requestLocation"}"#,
                #"{"at": "3.300s", "response": "CLLocationManager.requestLocation", "index": 0}"#,
                #"{"at": "3.300s", "output": "location", "value": {"$type": "CLLocation", "altitude": 0.0, "#
                    + #""horizontalAccuracy": 10.0, "latitude": 52.520008, "longitude": 13.404954, "#
                    + #""timestamp": "2026-01-01T09:00:03.300Z"}}"#,
                #"{"at": "3.300s", "output": "metresToStore", "value": 1896.0}"#,
            ])
    }

    @Test func trackingPlaysAStreamOfFixesUntilStopCancelsTheRest() throws {
        // Given an app already authorised, and a stream of three fixes a second apart of which two come before stop
        let run = try play(
            """
            {"viewModel": "NearbyStore",
             "mocks": {
               "CLLocationManager.authorizationStatus": [{"return": "authorizedWhenInUse"}],
               "CLLocationManager.startUpdatingLocation": [{"stream": [
                 {"after": "1s", "yield": {"latitude": 52.5163, "longitude": 13.3777, "speed": 1.5, "course": 90}},
                 {"after": "1s", "yield": [{"latitude": 52.5164, "longitude": 13.3790}]},
                 {"after": "1s", "yield": {"latitude": 52.5165, "longitude": 13.3800}}]}]},
             "steps": [{"at": "0ms", "send": "track"}, {"at": "2500ms", "send": "stop"}]}
            """, catalog: locationCatalog)

        // Then each element is one delegate call at its time, and stopping cancels the element still to come
        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "call": "CLLocationManager.authorizationStatus"}"#,
                #"{"at": "0.000s", "response": "CLLocationManager.authorizationStatus", "index": 0}"#,
                #"{"at": "0.000s", "output": "status", "value": "authorizedWhenInUse"}"#,
                #"{"at": "0.000s", "input": "track"}"#,
                #"{"at": "0.000s", "call": "CLLocationManager.startUpdatingLocation"}"#,
                #"{"at": "1.000s", "response": "CLLocationManager.startUpdatingLocation", "index": 0, "element": 0}"#,
                #"{"at": "1.000s", "output": "location", "value": {"$type": "CLLocation", "altitude": 0.0, "#
                    + #""course": 90.0, "horizontalAccuracy": 5.0, "latitude": 52.5163, "longitude": 13.3777, "#
                    + #""speed": 1.5, "#
                    + #""timestamp": "2026-01-01T09:00:01Z"}}"#,
                #"{"at": "1.000s", "output": "metresToStore", "value": 3.0}"#,
                #"{"at": "2.000s", "response": "CLLocationManager.startUpdatingLocation", "index": 0, "element": 1}"#,
                #"{"at": "2.000s", "output": "location", "value": {"$type": "CLLocation", "altitude": 0.0, "#
                    + #""horizontalAccuracy": 5.0, "latitude": 52.5164, "longitude": 13.379, "#
                    + #""timestamp": "2026-01-01T09:00:02Z"}}"#,
                #"{"at": "2.000s", "output": "metresToStore", "value": 89.0}"#,
                #"{"at": "2.500s", "input": "stop"}"#,
                #"{"at": "2.500s", "call": "CLLocationManager.stopUpdatingLocation"}"#,
                #"{"at": "2.500s", "cancelled": "CLLocationManager.startUpdatingLocation"}"#,
            ])
    }

    /// Apple: "If the user denies your app's use of the location service, this method reports a CLError.Code.denied
    /// error" (`locationManager(_:didFailWithError:)`); and a request for authorisation once the status is determined
    /// prompts no one ("the system stores your app's authorization status and doesn't prompt again").
    @Test func aDeniedAppsRequestsFailWithoutAScriptAndPromptNoOne() throws {
        let run = try play(
            """
            {"viewModel": "NearbyStore",
             "mocks": {"CLLocationManager.authorizationStatus": [{"return": "denied"}]},
             "steps": [{"at": "1s", "send": "locate"}, {"at": "2s", "send": "track"}]}
            """, catalog: locationCatalog)

        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "0.000s", "call": "CLLocationManager.authorizationStatus"}"#,
                #"{"at": "0.000s", "response": "CLLocationManager.authorizationStatus", "index": 0}"#,
                #"{"at": "0.000s", "output": "status", "value": "denied"}"#,
                #"{"at": "1.000s", "input": "locate"}"#,
                #"{"at": "1.000s", "call": "CLLocationManager.requestLocation"}"#,
                #"{"at": "1.000s", "output": "failure", "value": "denied"}"#,
                #"{"at": "2.000s", "input": "track"}"#,
                #"{"at": "2.000s", "call": "CLLocationManager.startUpdatingLocation"}"#,
                #"{"at": "2.000s", "output": "failure", "value": "denied"}"#,
            ])
    }

    @Test func anUnscriptedRequestIsReportedAsAnyMocksCall() throws {
        let run = try play(
            #"{"viewModel": "NearbyStore", "steps": [{"at": "1s", "send": "locate"}]}"#, catalog: locationCatalog)

        #expect(
            run.findings == [
                """
                inline.json:1:40: error: no response is scripted for CLLocationManager.requestWhenInUseAuthorization \
                (call made by step 0 at 1.000s)
                {"viewModel": "NearbyStore", "steps": [{"at": "1s", "send": "locate"}]}
                                                       ^
                  hint: add "CLLocationManager.requestWhenInUseAuthorization": [{"after": "0ms", "return": …}] to \
                "mocks"
                """
            ])
    }

    @Test func aScriptedLocationErrorReachesTheDelegate() throws {
        let run = try play(
            """
            {"viewModel": "NearbyStore",
             "mocks": {"CLLocationManager.authorizationStatus": [{"return": "authorizedWhenInUse"}],
                       "CLLocationManager.requestLocation": [{"after": "5s", "throw": {"code": "locationUnknown"}}]},
             "steps": [{"at": "0ms", "send": "locate"}]}
            """, catalog: locationCatalog)

        #expect(run.findings == [])
        #expect(
            run.lines.suffix(2) == [
                #"{"at": "5.000s", "response": "CLLocationManager.requestLocation", "index": 0, "throw": true}"#,
                #"{"at": "5.000s", "output": "failure", "value": "locationUnknown"}"#,
            ])
    }
}
