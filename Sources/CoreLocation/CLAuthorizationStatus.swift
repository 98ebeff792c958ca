/// Whether the app may use location services.
public enum CLAuthorizationStatus: Int32, Sendable, CaseIterable {
    /// The user has not chosen yet.
    case notDetermined = 0
    /// The app may not use location services, and the user cannot change that (parental controls).
    case restricted = 1
    /// The user denied the app location services, or turned them off.
    case denied = 2
    /// The app may use location services at any time.
    case authorizedAlways = 3
    /// The app may use location services while it is in use.
    case authorizedWhenInUse = 4

    /// The old name of `authorizedAlways`.
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}

/// Whether the app gets precise locations or approximate ones.
public enum CLAccuracyAuthorization: Int, Sendable {
    /// Precise locations.
    case fullAccuracy = 0
    /// Approximate locations.
    case reducedAccuracy = 1
}

/// What the user does with the device, which tunes when location updates pause.
public enum CLActivityType: Int, Sendable {
    case other = 1, automotiveNavigation, fitness, otherNavigation, airborne
}
