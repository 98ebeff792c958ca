/// What the Linux stand-ins of Apple's frameworks (`UIKit`, `CoreLocation`, `Photos`, `os`) ask of the scenario that
/// runs them: the one seam between those modules, which know nothing of Rehearsal, and the running scenario.
///
/// The runner installs its host with ``FrameworkHosting/install(_:)`` while a scenario runs and removes it
/// afterwards; outside a scenario there is no host, and the stand-ins record nothing and answer nothing. A stand-in
/// asks in one of four ways, each a call of one function:
///
/// ```swift
/// FrameworkHosting.current?.record(FrameworkCall(.application, "open", ["url": url]))   // a call, recorded
/// let allowed = FrameworkHosting.current?.answerNow(call, as: Bool.self) ?? true         // scripted, or a default
/// let playback = FrameworkHosting.current?.play(call, values: Status.self, failures: Fault.self) { answer in … }
/// FrameworkHosting.current?.log(line)                                                      // an os_log line
/// ```
public protocol FrameworkHost: AnyObject, Sendable {
    /// Records `call` as the scenario's mock calls are recorded; nothing answers it.
    func record(_ call: FrameworkCall)

    /// Records `call` and answers it at once from the scenario's script when the scenario scripts its key, decoded
    /// as `Value`; `nil` when it does not (the stand-in then answers as a device would by default) or when the
    /// scripted answer does not fit (reported).
    func answerNow<Value: Decodable>(_ call: FrameworkCall, as type: Value.Type) -> Value?

    /// Records `call` and plays its scripted answer as a scripted mock's: `deliver` gets each `"return"`ed value or
    /// `"stream"` element at its virtual time, decoded as `Value`, a `"throw"` as `Failure`, and then `.finished`;
    /// on the main actor. A call the script has no answer for is reported, as for any mock, and gets nothing.
    func play<Value: Decodable & Sendable, Failure: Decodable & Sendable>(
        _ call: FrameworkCall, values: Value.Type, failures: Failure.Type,
        deliver: @escaping @MainActor @Sendable (FrameworkAnswer<Value, Failure>) -> Void
    ) -> FrameworkPlayback

    /// Takes a log line (`Logger`, `os_log`); the scenario records it when it asks for log lines, and only then
    /// makes it (formats the message).
    func log(_ line: @autoclosure () -> FrameworkLogLine)
}

/// One call of a stand-in's method, keyed as a mock's: `CLLocationManager.requestLocation`.
public struct FrameworkCall {
    /// The framework type that is called, which scenarios name as a mock.
    public enum Receiver: String, CaseIterable, Sendable {
        /// `UIApplication.shared`: `open(_:)`, `canOpenURL(_:)`.
        case application = "UIApplication"
        /// A `UITableViewDiffableDataSource`: `apply(_:animatingDifferences:)`.
        case tableViewDataSource = "UITableViewDiffableDataSource"
        /// A `UICollectionViewDiffableDataSource`: `apply(_:animatingDifferences:)`.
        case collectionViewDataSource = "UICollectionViewDiffableDataSource"
        /// A `CLLocationManager`: authorisation and location requests.
        case locationManager = "CLLocationManager"
        /// `PHPhotoLibrary`: authorisation.
        case photoLibrary = "PHPhotoLibrary"
    }

    /// One argument: its label (as the call records it) and its value.
    public struct Argument {
        /// The label the timeline shows (`url`, `snapshot`).
        public var label: String
        /// The value, recorded as any mock argument is (`Encodable`, or by reflection).
        public var value: Any

        /// Creates an argument.
        public init(_ label: String, _ value: Any) {
            self.label = label
            self.value = value
        }
    }

    /// Who is called.
    public var receiver: Receiver
    /// The method's name, without its labels (`requestLocation`).
    public var method: String
    /// The arguments, in the order of the signature.
    public var arguments: [Argument]

    /// Creates a call of `method` on `receiver` with `arguments`.
    public init(_ receiver: Receiver, _ method: String, _ arguments: [Argument] = []) {
        self.receiver = receiver
        self.method = method
        self.arguments = arguments
    }

    /// `Type.method`, the key a scenario scripts it under.
    public var key: String { "\(receiver.rawValue).\(method)" }
}

/// One answer a played call delivers (see ``FrameworkHost/play(_:values:failures:deliver:)``).
public enum FrameworkAnswer<Value, Failure> {
    /// A scripted `"return"`, or one element of a `"stream"`.
    case value(Value)
    /// A scripted `"throw"`: nothing follows it.
    case failure(Failure)
    /// The scripted answer is over: after a `"return"` or the last element of a `"stream"`.
    case finished
}

/// A played call, which its stand-in may stop (`stopUpdatingLocation()`): the rest of its answer is not delivered,
/// and the timeline records the call as cancelled while it waited.
public final class FrameworkPlayback: Sendable {
    private let stop: @Sendable () -> Void

    /// A playback that `cancel()` stops with `stop`.
    public init(stop: @escaping @Sendable () -> Void) {
        self.stop = stop
    }

    /// A playback with nothing to stop (a call that gets no answer).
    public static let none = FrameworkPlayback {}

    /// Stops delivering the answer.
    public func cancel() {
        stop()
    }
}
