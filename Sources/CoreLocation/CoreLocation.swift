// `import CoreLocation` on Linux: locations and coordinates as values (`CLLocation`, `CLLocationCoordinate2D`,
// `distance(from:)` on the WGS-84 ellipsoid), and a `CLLocationManager` whose authorisation status and delegate
// callbacks a scenario scripts as the mock `CLLocationManager` (see CLLocationManager.swift). It exists only when the
// package manifest is evaluated on Linux; on Apple platforms `import CoreLocation` is Apple's framework.
@_exported import Foundation

/// A latitude or longitude, in degrees.
public typealias CLLocationDegrees = Double
/// A distance, in metres.
public typealias CLLocationDistance = Double
/// An accuracy, in metres; negative when the value it belongs to is invalid.
public typealias CLLocationAccuracy = Double
/// A speed, in metres per second; negative when invalid.
public typealias CLLocationSpeed = Double
/// The accuracy of a speed, in metres per second.
public typealias CLLocationSpeedAccuracy = Double
/// A direction, in degrees from true north, clockwise; negative when invalid.
public typealias CLLocationDirection = Double
/// The accuracy of a direction, in degrees.
public typealias CLLocationDirectionAccuracy = Double

/// The best accuracy there is, for navigation: -2.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// The best accuracy: -1.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Within ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Within a hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Within a kilometre.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Within three kilometres.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// The accuracy of an app with reduced accuracy authorisation.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// Every movement is reported: -1.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The largest distance.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

/// A latitude and longitude in degrees (WGS 84), as a plain value with no conformances of its own (Apple declares
/// none, so a file's own `extension CLLocationCoordinate2D: Equatable` compiles here too).
public struct CLLocationCoordinate2D: Sendable {
    /// The latitude, in degrees; positive north of the equator.
    public var latitude: CLLocationDegrees
    /// The longitude, in degrees; positive east of the prime meridian.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// The coordinate at `latitude`, `longitude`.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An invalid coordinate: (-180, -180).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// The coordinate at `latitude`, `longitude`.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Whether `coordinate` is on the globe: latitude within ±90°, longitude within ±180°.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}
