import Foundation
import ScenarioJSON

/// The error a throwing scripted mock throws by default: whatever the scenario's `"throw"` says.
///
/// `{"code": "server", "message": "503"}` decodes into `code` and `message`; any other JSON is kept in
/// `payload`. Its description is `server: 503` (or the payload's JSON), and its `localizedDescription` is the
/// scripted `message`, so a ViewModel that shows `error.localizedDescription` shows what the scenario says:
///
/// ```swift
/// catch { errorMessage = error.localizedDescription }   // "503"
/// ```
public struct ScriptedError: Error, Decodable, Equatable, Sendable, CustomStringConvertible {
    /// The `"code"` member, when the payload is an object with a string `code`.
    public var code: String?
    /// The `"message"` member, when the payload is an object with a string `message`.
    public var message: String?
    /// The whole scripted payload.
    public var payload: JSONValue

    public init(from decoder: any Decoder) throws {
        payload = try JSONValue(from: decoder)
        code = payload["code"]?.stringValue
        message = payload["message"]?.stringValue
    }

    public var description: String {
        if code != nil || message != nil { return [code, message].compactMap { $0 }.joined(separator: ": ") }
        return JSONWriter(style: .spaced).string(payload)
    }
}

extension ScriptedError: LocalizedError {
    /// The scripted `message`; without one, the ``description`` (the `code`, or the payload's JSON).
    public var errorDescription: String? { message ?? description }
}
