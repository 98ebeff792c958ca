import Foundation
import FrameworkSeam

/// A location as a value: a coordinate with its altitude, accuracies, course, speed and timestamp, as Core Location
/// reports them (a negative accuracy, speed or course is invalid). Recorded in a timeline as
/// `{"$type": "CLLocation", "latitude": 52.52, "longitude": 13.405, "horizontalAccuracy": 5, "timestamp": …}` (the
/// altitude, and the speed, course and vertical accuracy when valid, beside them).
///
/// `distance(from:)` is the length of the geodesic between the two coordinates on the WGS-84 ellipsoid (Vincenty's
/// inverse formula), ignoring altitude: Apple documents the distance as following the curvature of the earth, and
/// devices agree with the ellipsoidal distance to within 10⁻⁴ m over tens of metres (a great-circle distance on a
/// sphere differs by up to 0.5 %).
open class CLLocation: NSObject, TimelineRepresentable, @unchecked Sendable {
    /// The latitude and longitude.
    public let coordinate: CLLocationCoordinate2D
    /// The altitude above mean sea level, in metres.
    public let altitude: CLLocationDistance
    /// The radius of uncertainty of `coordinate`, in metres; negative when the coordinate is invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The accuracy of `altitude`, in metres; negative when the altitude is invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// The direction of travel, in degrees from true north; negative when invalid.
    public let course: CLLocationDirection
    /// The accuracy of `course`, in degrees; negative when invalid.
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// The speed, in metres per second; negative when invalid.
    public let speed: CLLocationSpeed
    /// The accuracy of `speed`; negative when invalid.
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// When the location was determined.
    public let timestamp: Date

    /// A location at a coordinate, now, with altitude 0, horizontal accuracy 0 and everything else invalid (-1).
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: Date())
    }

    /// A location with a coordinate, altitude and accuracies; course and speed invalid.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// A location with a coordinate, altitude, accuracies, course and speed.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// A location with every value given.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
    }

    /// The distance in metres from this location's coordinate to `location`'s, along the WGS-84 ellipsoid.
    open func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesic.distance(from: coordinate, to: location.coordinate)
    }

    /// What the timeline records: the coordinate, altitude, horizontal accuracy and timestamp, and the vertical
    /// accuracy, speed and course when they are valid.
    public var timelineRepresentation: Any {
        var form: [String: Any] = [
            "$type": "CLLocation", "latitude": coordinate.latitude, "longitude": coordinate.longitude,
            "altitude": altitude, "horizontalAccuracy": horizontalAccuracy, "timestamp": timestamp,
        ]
        if verticalAccuracy >= 0 { form["verticalAccuracy"] = verticalAccuracy }
        if speed >= 0 { form["speed"] = speed }
        if course >= 0 { form["course"] = course }
        return form
    }

    open override var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m (speed \(speed) mps / course "
            + "\(course)) @ \(timestamp)"
    }
}
