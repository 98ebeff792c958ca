/// What a location manager tells its delegate. Every method has an empty default (Apple's are optional), and the
/// default `locationManagerDidChangeAuthorization(_:)` calls the older `locationManager(_:didChangeAuthorization:)`,
/// so a delegate that implements only the older one hears about changes too, as on iOS.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New locations, the most recent last.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// The manager could not get a location (`CLError`).
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// The manager was created, or the app's authorisation changed: read `manager.authorizationStatus`.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The older form of `locationManagerDidChangeAuthorization(_:)`, with the status.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
    /// Location updates were paused (never on Linux).
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// Location updates resumed (never on Linux).
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        locationManager(manager, didChangeAuthorization: manager.authorizationStatus)
    }
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
}
