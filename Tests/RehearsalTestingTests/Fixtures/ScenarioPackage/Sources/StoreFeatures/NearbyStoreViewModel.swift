import Combine
import CoreLocation
import os.log

/// Finds the user and says how far the store is: asks for authorisation first, then for one location.
final class NearbyStoreViewModel: NSObject, CLLocationManagerDelegate {
    struct Input {
        let locate = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let status = PassthroughSubject<CLAuthorizationStatus, Never>()
        let location = PassthroughSubject<CLLocation, Never>()
        let distance = PassthroughSubject<String, Never>()
    }

    let input = Input()
    let output = Output()
    private let manager = CLLocationManager()
    private let store = CLLocation(latitude: 52.516_275, longitude: 13.377_704)
    private let log = Logger(subsystem: "com.example.stores", category: "location")
    private var wantsLocation = false
    private var cancellables = Set<AnyCancellable>()

    override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        input.locate.sink { [weak self] in self?.locate() }.store(in: &cancellables)
    }

    private func locate() {
        wantsLocation = true
        if manager.authorizationStatus == .notDetermined {
            log.info("asking for location access")
            manager.requestWhenInUseAuthorization()
        } else {
            manager.requestLocation()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        output.status.send(manager.authorizationStatus)
        if wantsLocation, manager.authorizationStatus == .authorizedWhenInUse { manager.requestLocation() }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        let metres = location.distance(from: store)
        log.debug(
            "located within \(location.horizontalAccuracy, format: .fixed(precision: 0)) m of \(location.description)")
        output.location.send(location)
        output.distance.send(String(format: "%.1f km", metres / 1000))
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        log.error("no location: \(error.localizedDescription, privacy: .public)")
    }
}
