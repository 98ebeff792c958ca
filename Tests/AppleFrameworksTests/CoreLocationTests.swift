import CoreLocation
import Testing

/// `CLLocation` and `CLLocationCoordinate2D` as values. Apple documents `distance(from:)` as "tracing a line
/// between the two points that follows the curvature of the Earth", ignoring altitude; devices were observed to agree
/// with the ellipsoidal (Vincenty) distance to within 10⁻⁴ m over 4–26 m, and to differ from the spherical
/// great-circle one by 0.3 % ("Comparison between CoreLocation distanceFromLocation() and other earth distance
/// methods", gist ezheidtmann/1d60ddead76273de21ebd1455492e25d, 2016). So the distance is the geodesic on the
/// WGS-84 ellipsoid, checked against published geodesic lengths.
struct CoreLocationTests {
    static func distance(_ from: (Double, Double), _ to: (Double, Double)) -> CLLocationDistance {
        CLLocation(latitude: from.0, longitude: from.1).distance(from: CLLocation(latitude: to.0, longitude: to.1))
    }

    static func degrees(_ degrees: Double, _ minutes: Double, _ seconds: Double) -> Double {
        (abs(degrees) + minutes / 60 + seconds / 3600) * (degrees < 0 ? -1 : 1)
    }

    /// Geoscience Australia's worked example of Vincenty's inverse formula (GRS80, whose flattening differs from
    /// WGS-84's in the 11th digit): Flinders Peak to Buninyong, 54 972.271 m.
    @Test func flindersPeakToBuninyongIsGeoscienceAustraliasDistance() {
        let flindersPeak = (Self.degrees(-37, 57, 3.72030), Self.degrees(144, 25, 29.52440))
        let buninyong = (Self.degrees(-37, 39, 10.15610), Self.degrees(143, 55, 35.38390))
        #expect(abs(Self.distance(flindersPeak, buninyong) - 54_972.271) < 0.001)
    }

    /// Along the equator the geodesic is the equator: a degree of longitude is a·π/180 = 111 319.4908 m. A degree of
    /// latitude from the equator is the meridian arc the WGS-84 tables give as 110 574 m: the ellipsoid, not a
    /// sphere (on which both would be equal).
    @Test func degreesAtTheEquatorAreTheEllipsoidsArcs() {
        #expect(abs(Self.distance((0, 0), (0, 1)) - 6_378_137 * .pi / 180) < 0.000_001)
        #expect(abs(Self.distance((0, 0), (1, 0)) - 110_574) < 1)
    }

    /// Karney ("Algorithms for geodesics", J. Geod. 2013) and the literature on Vincenty's method: (0°, 0°) to
    /// (0.5°, 179.5°) converges slowly to 19 936 288.579 m; (0°, 0°) to (0.5°, 179.7°) does not converge, and is
    /// 19 944 127.421 m: the great-circle fallback is within 0.5 % of it.
    @Test func nearlyAntipodalPointsConvergeOrFallBackWithinHalfAPercent() {
        #expect(abs(Self.distance((0, 0), (0.5, 179.5)) - 19_936_288.579) < 0.001)
        #expect(abs(Self.distance((0, 0), (0.5, 179.7)) - 19_944_127.421) < 19_944_127.421 * 0.005)
    }

    @Test func theDistanceIsSymmetricZeroAtOnePointAndIgnoresAltitude() {
        #expect(Self.distance((52.5, 13.4), (52.5, 13.4)) == 0)
        #expect(Self.distance((52.5, 13.4), (48.85, 2.35)) == Self.distance((48.85, 2.35), (52.5, 13.4)))
        let high = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4), altitude: 8848,
            horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date())
        #expect(
            high.distance(from: CLLocation(latitude: 52.5, longitude: 13.5))
                == Self.distance((52.5, 13.4), (52.5, 13.5)))
    }

    /// `init(latitude:longitude:)` sets the timestamp to now and leaves the other readings at Core Location's
    /// values for a location that was not measured: altitude 0, horizontal accuracy 0, the rest invalid (-1).
    @Test func aLocationFromACoordinateHasOnlyItsCoordinate() {
        let location = CLLocation(latitude: 1, longitude: 2)
        #expect(location.coordinate.latitude == 1)
        #expect(location.coordinate.longitude == 2)
        #expect([location.altitude, location.horizontalAccuracy] == [0, 0])
        #expect([location.verticalAccuracy, location.speed, location.course] == [-1, -1, -1])
        #expect(abs(location.timestamp.timeIntervalSinceNow) < 60)
    }

    @Test func coordinatesAreValidOnTheGlobe() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90, longitude: -180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90.1, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        #expect(CLLocationCoordinate2DMake(1, 2).longitude == 2)
    }

    @Test func coreLocationErrorsMatchTheirCodes() {
        let error: any Error = CLError(.denied)
        #expect((error as? CLError)?.code == .denied)
        #expect(CLError.denied ~= error)
        #expect(!(CLError.network ~= error))
        #expect(CLError.Code.denied.rawValue == 1)
        #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4)
    }
}
