/// A Core Location error, with Core Location's codes: `CLError(.denied)`, `error.code == .locationUnknown`,
/// `catch CLError.denied`.
public struct CLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Int, Sendable {
        case locationUnknown = 0, denied, network, headingFailure, regionMonitoringDenied, regionMonitoringFailure
        case regionMonitoringSetupDelayed, regionMonitoringResponseDelayed, geocodeFoundNoResult
        case geocodeFoundPartialResult, geocodeCanceled, deferredFailed, deferredNotUpdatingLocation
        case deferredAccuracyTooLow, deferredDistanceFiltered, deferredCanceled, rangingUnavailable, rangingFailure
        case promptDeclined, historicalLocationError
    }

    /// The error's code.
    public let code: Code

    /// An error with `code`.
    public init(_ code: Code) {
        self.code = code
    }

    /// The error domain Core Location reports its errors in.
    public static let errorDomain = "kCLErrorDomain"

    /// `kCLErrorDomain error n`, as `NSError` describes it.
    public var description: String {
        "The operation couldn’t be completed. (\(Self.errorDomain) error \(code.rawValue).)"
    }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var promptDeclined: Code { .promptDeclined }
}

/// Matches a Core Location error of `code` (`catch CLError.denied`).
public func ~= (code: CLError.Code, error: any Error) -> Bool {
    (error as? CLError)?.code == code
}
