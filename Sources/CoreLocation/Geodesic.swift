import Foundation

/// Distances on the WGS-84 ellipsoid (a = 6 378 137 m, f = 1/298.257223563).
enum Geodesic {
    static let semiMajorAxis = 6_378_137.0
    static let flattening = 1 / 298.257_223_563
    static let semiMinorAxis = semiMajorAxis * (1 - flattening)

    /// The geodesic distance between two coordinates, in metres, by Vincenty's inverse formula (T. Vincenty, Survey
    /// Review 23 (176), 1975), iterated until the longitude on the auxiliary sphere changes by less than 10⁻¹²
    /// radians (well under a millimetre). For nearly antipodal points, where the iteration does not converge in 200
    /// steps, the great-circle distance on a sphere of the mean radius is returned instead (within 0.5 %).
    static func distance(from start: CLLocationCoordinate2D, to end: CLLocationCoordinate2D) -> Double {
        let a = semiMajorAxis
        let b = semiMinorAxis
        let f = flattening
        let longitudeDifference = radians(end.longitude - start.longitude)
        let u1 = atan((1 - f) * tan(radians(start.latitude)))
        let u2 = atan((1 - f) * tan(radians(end.latitude)))
        let (sinU1, cosU1, sinU2, cosU2) = (sin(u1), cos(u1), sin(u2), cos(u2))
        var lambda = longitudeDifference
        for _ in 0..<200 {
            let (sinLambda, cosLambda) = (sin(lambda), cos(lambda))
            let sinSigma = sqrt(
                (cosU2 * sinLambda) * (cosU2 * sinLambda)
                    + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda))
            if sinSigma == 0 { return 0 }  // The same point.
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α is 0 and the term below is undefined; it is 0 there.
            let cos2SigmaM = cosSquaredAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha
            let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
            let previous = lambda
            lambda =
                longitudeDifference + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSquared = cosSquaredAlpha * (a * a - b * b) / (b * b)
                let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
                let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
                            * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * bigA * (sigma - deltaSigma)
            }
        }
        return greatCircle(from: start, to: end)
    }

    /// The haversine distance on a sphere of the ellipsoid's mean radius ((2a + b) / 3).
    static func greatCircle(from start: CLLocationCoordinate2D, to end: CLLocationCoordinate2D) -> Double {
        let radius = (2 * semiMajorAxis + semiMinorAxis) / 3
        let dLatitude = radians(end.latitude - start.latitude)
        let dLongitude = radians(end.longitude - start.longitude)
        let h =
            sin(dLatitude / 2) * sin(dLatitude / 2) + cos(radians(start.latitude)) * cos(radians(end.latitude))
            * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
