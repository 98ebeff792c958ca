import Foundation
import FrameworkSeam

/// The photo library's authorisation, as a scripted mock named `PHPhotoLibrary`:
///
/// - `authorizationStatus(for:)`: its first read per access level is the call `PHPhotoLibrary.authorizationStatus`,
///   answered by `[{"return": "denied"}]` when scripted, else `notDetermined`.
/// - `requestAuthorization(for:handler:)`, `requestAuthorization(_:)`, `await requestAuthorization(for:)`: the call
///   `PHPhotoLibrary.requestAuthorization`, whose answer is the user's choice: `{"after": "2s", "return": "limited"}`.
///
/// Each call is recorded with its access level (`"args": {"accessLevel": "readWrite"}`; `when` can match it). The
/// handler runs on the main queue at the answer's virtual time. Once the status is determined, a request asks no
/// one: the handler gets the status at once (Apple: it requests permission "if needed"). Outside a scenario nothing
/// answers, and the status stays `notDetermined`.
open class PHPhotoLibrary: NSObject, @unchecked Sendable {
    private static let library = PHPhotoLibrary()
    private static let statuses = RunLocal<[PHAccessLevel: PHAuthorizationStatus]>([:])

    /// The library.
    open class func shared() -> PHPhotoLibrary { library }

    /// The app's authorisation for `accessLevel`.
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        if let known = statuses.value[accessLevel] { return known }
        let call = FrameworkCall(.photoLibrary, "authorizationStatus", [.init("accessLevel", accessLevel)])
        let status =
            FrameworkHosting.current?.answerNow(call, as: Scripted.PHAuthorizationStatus.self)?.status ?? .notDetermined
        statuses.value[accessLevel] = status
        return status
    }

    /// The app's authorisation to read and write (the form iOS 14 deprecated).
    @available(*, deprecated, message: "use authorizationStatus(for:)")
    open class func authorizationStatus() -> PHAuthorizationStatus {
        authorizationStatus(for: .readWrite)
    }

    /// Asks the user for `accessLevel`, if needed; `handler` gets the status.
    open class func requestAuthorization(
        for accessLevel: PHAccessLevel, handler: @escaping @Sendable (PHAuthorizationStatus) -> Void
    ) {
        let call = FrameworkCall(.photoLibrary, "requestAuthorization", [.init("accessLevel", accessLevel)])
        let current = authorizationStatus(for: accessLevel)
        guard current == .notDetermined else {
            FrameworkHosting.current?.record(call)
            DispatchQueue.main.async { handler(current) }
            return
        }
        _ = FrameworkHosting.current?.play(call, values: Scripted.PHAuthorizationStatus.self, failures: Never.self) {
            answer in
            guard case .value(let scripted) = answer else { return }
            statuses.value[accessLevel] = scripted.status
            handler(scripted.status)
        }
    }

    /// Asks the user to read and write, if needed (the form iOS 14 deprecated).
    @available(*, deprecated, message: "use requestAuthorization(for:handler:)")
    open class func requestAuthorization(_ handler: @escaping @Sendable (PHAuthorizationStatus) -> Void) {
        requestAuthorization(for: .readWrite, handler: handler)
    }

    /// Asks the user for `accessLevel`, if needed, and returns the status.
    open class func requestAuthorization(for accessLevel: PHAccessLevel) async -> PHAuthorizationStatus {
        await withCheckedContinuation { continuation in
            requestAuthorization(for: accessLevel) { continuation.resume(returning: $0) }
        }
    }
}
