import Foundation
import FrameworkSeam

/// Starts and stops location services, as a scripted mock named `CLLocationManager`: each request is a call the
/// timeline records, answered from the scenario's script like any mock's (see docs/mocks-and-ports.md), and the
/// answers reach the delegate on the main queue at their virtual time.
///
/// - The status: its first read is the call `CLLocationManager.authorizationStatus`, answered by
///   `[{"return": "denied"}]` when scripted, else `notDetermined`.
/// - `requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()`: the user's choice,
///   `{"after": "1s", "return": "authorizedWhenInUse"}`; the delegate hears
///   `locationManagerDidChangeAuthorization(_:)`.
/// - `requestLocation()`: `{"return": {"latitude": 52.52, "longitude": 13.405}}` (or an array of locations), or
///   `{"throw": {"code": "locationUnknown"}}`; the delegate hears `didUpdateLocations` or `didFailWithError`.
/// - `startUpdatingLocation()`: a `"stream"` of locations, one `didUpdateLocations` per element;
///   `stopUpdatingLocation()` cancels it.
///
/// The authorisation status is the app's, shared by its managers and kept for the scenario: a request the user
/// answered changes it for every manager, and requesting again once it is determined does nothing (the call is
/// recorded, nothing is scripted), as Apple documents. While the status is `denied` or `restricted`, location
/// requests fail at once with `CLError.denied`, without a script. Every manager tells its delegate its status once
/// after it is created, as iOS does. Outside a scenario nothing answers.
open class CLLocationManager: NSObject {
    /// Who hears about locations and authorisation.
    open weak var delegate: (any CLLocationManagerDelegate)?
    /// The accuracy asked for.
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    /// How far the device must move before another update: every movement by default.
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    /// What the user does with the device.
    open var activityType: CLActivityType = .other
    /// Whether updates continue in the background.
    open var allowsBackgroundLocationUpdates = false
    /// Whether updates may pause when the location does not change.
    open var pausesLocationUpdatesAutomatically = true
    /// Whether the status bar shows the background location indicator.
    open var showsBackgroundLocationIndicator = false
    /// The location delivered last, or `nil`.
    open private(set) var location: CLLocation?

    private let reference = ManagerReference()
    private var updates: FrameworkPlayback?

    public override init() {
        super.init()
        reference.manager = self
        LocationServices.managers.value.append(reference)
        let reference = self.reference
        DispatchQueue.main.async { reference.manager?.tellAuthorization() }
    }

    deinit {
        updates?.cancel()
    }

    /// The app's authorisation: scripted as `CLLocationManager.authorizationStatus`, `notDetermined` unscripted.
    open var authorizationStatus: CLAuthorizationStatus { LocationServices.currentStatus() }

    /// The app's authorisation (the class method iOS 14 deprecated).
    @available(*, deprecated, message: "use the authorizationStatus property")
    open class func authorizationStatus() -> CLAuthorizationStatus { LocationServices.currentStatus() }

    /// Precise or approximate locations: precise.
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    /// Whether location services are on for the device: `true`.
    open class func locationServicesEnabled() -> Bool { true }

    /// Asks for authorisation while in use: the call `CLLocationManager.requestWhenInUseAuthorization`, whose
    /// scripted answer is the user's choice (a status's name).
    open func requestWhenInUseAuthorization() {
        requestAuthorization("requestWhenInUseAuthorization")
    }

    /// Asks for authorisation at any time: the call `CLLocationManager.requestAlwaysAuthorization`.
    open func requestAlwaysAuthorization() {
        requestAuthorization("requestAlwaysAuthorization")
    }

    /// Asks for one location: the call `CLLocationManager.requestLocation`, answered with a location (or several)
    /// or a `CLError`.
    open func requestLocation() {
        _ = deliverLocations(of: "requestLocation")
    }

    /// Starts location updates: the call `CLLocationManager.startUpdatingLocation`, each element of whose scripted
    /// `"stream"` is one update. Starting again while updating does nothing more (the call is recorded).
    open func startUpdatingLocation() {
        guard updates == nil else {
            FrameworkHosting.current?.record(FrameworkCall(.locationManager, "startUpdatingLocation"))
            return
        }
        updates = deliverLocations(of: "startUpdatingLocation")
    }

    /// Stops location updates (the call is recorded; an update still scripted is recorded as cancelled).
    open func stopUpdatingLocation() {
        FrameworkHosting.current?.record(FrameworkCall(.locationManager, "stopUpdatingLocation"))
        updates?.cancel()
        updates = nil
    }

    private func requestAuthorization(_ method: String) {
        let call = FrameworkCall(.locationManager, method)
        guard LocationServices.currentStatus() == .notDetermined else {
            FrameworkHosting.current?.record(call)
            return
        }
        _ = FrameworkHosting.current?.play(call, values: Scripted.CLAuthorizationStatus.self, failures: Never.self) {
            answer in
            guard case .value(let scripted) = answer else { return }
            LocationServices.change(to: scripted.status)
        }
    }

    private func deliverLocations(of method: String) -> FrameworkPlayback? {
        let call = FrameworkCall(.locationManager, method)
        let reference = self.reference
        if [.denied, .restricted].contains(LocationServices.currentStatus()) {
            FrameworkHosting.current?.record(call)
            DispatchQueue.main.async {
                guard let manager = reference.manager else { return }
                manager.delegate?.locationManager(manager, didFailWithError: CLError(.denied))
            }
            return nil
        }
        return FrameworkHosting.current?.play(
            call, values: Scripted.CLLocation.self, failures: Scripted.CLError.self
        ) { answer in
            guard let manager = reference.manager else { return }
            switch answer {
            case .value(let scripted):
                let locations = scripted.locations(now: Date())
                manager.location = locations.last ?? manager.location
                manager.delegate?.locationManager(manager, didUpdateLocations: locations)
            case .failure(let scripted):
                manager.delegate?.locationManager(manager, didFailWithError: scripted.error)
            case .finished:
                break
            }
        }
    }

    /// Tells the delegate the status (after creation, and when it changes).
    func tellAuthorization() {
        delegate?.locationManagerDidChangeAuthorization(self)
    }
}

/// A weak reference to a manager that closures on the main queue may hold.
final class ManagerReference: @unchecked Sendable {
    weak var manager: CLLocationManager?
}

/// The app's location authorisation and its managers, for the scenario running now.
enum LocationServices {
    static let status = RunLocal<CLAuthorizationStatus?>(nil)
    static let managers = RunLocal<[ManagerReference]>([])

    /// The status: as the scenario last changed it, else as it scripts `CLLocationManager.authorizationStatus`
    /// (asked once), else `notDetermined`.
    static func currentStatus() -> CLAuthorizationStatus {
        if let known = status.value { return known }
        let call = FrameworkCall(.locationManager, "authorizationStatus")
        let resolved =
            FrameworkHosting.current?.answerNow(call, as: Scripted.CLAuthorizationStatus.self)?.status ?? .notDetermined
        status.value = resolved
        return resolved
    }

    /// Sets the status the user chose and tells every manager's delegate.
    static func change(to newStatus: CLAuthorizationStatus) {
        status.value = newStatus
        let live = managers.value.compactMap(\.manager)
        managers.value = live.map { manager in
            let reference = ManagerReference()
            reference.manager = manager
            return reference
        }
        for manager in live { manager.tellAuthorization() }
    }
}
