import Foundation
import FrameworkSeam

/// What a scenario scripts for the location manager's answers, decoded from JSON. Each type is named after the
/// value it stands for, so that a scripted value that does not fit reads `does not decode into CLLocation: …`.
enum Scripted {}

extension Scripted {
    /// An authorisation status by its case name: `"authorizedWhenInUse"`.
    struct CLAuthorizationStatus: Decodable, Sendable {
        let status: CoreLocation.CLAuthorizationStatus

        init(from decoder: any Decoder) throws {
            status = try decoder.scriptedCase(of: CoreLocation.CLAuthorizationStatus.self)
        }
    }

    /// One location, `{"latitude": 52.52, "longitude": 13.405}` with optional `altitude`, `horizontalAccuracy` (default
    /// 5), `verticalAccuracy`, `course`, `speed` and `timestamp` (ISO 8601; default: the scenario's clock now), or an
    /// array of them (one delegate call with several locations).
    struct CLLocation: Decodable, Sendable {
        private struct One: Decodable {
            let latitude: Double
            let longitude: Double
            let altitude: Double?
            let horizontalAccuracy: Double?
            let verticalAccuracy: Double?
            let course: Double?
            let speed: Double?
            let timestamp: Date?
        }

        private let values: [One]

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                var values: [One] = []
                while !list.isAtEnd { values.append(try list.decode(One.self)) }
                self.values = values
            } else {
                values = [try One(from: decoder)]
            }
        }

        /// The locations, stamped `now` where the script gives no timestamp.
        func locations(now: Date) -> [CoreLocation.CLLocation] {
            values.map { value in
                CoreLocation.CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: value.latitude, longitude: value.longitude),
                    altitude: value.altitude ?? 0, horizontalAccuracy: value.horizontalAccuracy ?? 5,
                    verticalAccuracy: value.verticalAccuracy ?? -1, course: value.course ?? -1, courseAccuracy: -1,
                    speed: value.speed ?? -1, speedAccuracy: -1, timestamp: value.timestamp ?? now)
            }
        }
    }

    /// A Core Location error by its code's name or number: `{"code": "denied"}`, `{"code": 1}`.
    struct CLError: Decodable, Sendable {
        private enum Keys: String, CodingKey { case code }

        let error: CoreLocation.CLError

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if let number = try? container.decode(Int.self, forKey: .code),
                let code = CoreLocation.CLError.Code(rawValue: number)
            {
                error = CoreLocation.CLError(code)
                return
            }
            let name = try container.decode(String.self, forKey: .code)
            let codes = (0...19).compactMap(CoreLocation.CLError.Code.init(rawValue:))
            guard let code = codes.first(where: { "\($0)" == name }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .code, in: container,
                    debugDescription: "unknown CLError.Code \"\(name)\"; expected one of "
                        + codes.map { "\($0)" }.joined(separator: ", "))
            }
            error = CoreLocation.CLError(code)
        }
    }
}
