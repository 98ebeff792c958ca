import CombineCompat
import RehearsalBase
import ScenarioJSON
import ViewModelKit

/// Inputs that are the cases of one enum: seed 002's `enum Input` sent through one subject, or a
/// `ViewModelable`'s `Action` passed to `action(_:)`. `"send": "menuItemSelected", "value": 3` builds
/// `.menuItemSelected(3)` through the enum's `Decodable` conformance.
struct EnumInput {
    /// The enum.
    let type: Any.Type
    /// The enum's name, for errors.
    var typeName: String { String(describing: type) }
    /// The case names, when known (`CaseIterable`, or declared with `inputCases`).
    var caseNames: [String]?
    /// Whether the enum can be built from a scenario (it is `Decodable`).
    let isDecodable: Bool
    /// Builds the case and sends it.
    let deliver: @MainActor (_ caseName: String, InputDelivery) throws -> Void
    /// How many subscribers listen to the enum's subject now, when it is a subject; `nil` for `action(_:)`.
    var listeners: (@MainActor () -> Int?)?
}

/// The names of a `CaseIterable` type's cases, or nil; found once per type (every run of a scenario builds its enum
/// input again, and reflecting each case is most of that).
func caseNames(of type: Any.Type) -> [String]? {
    knownCaseNames.value(for: type) {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        return names(of: iterable)
    }
}

/// The case names found so far, by type (nil for a type that is not `CaseIterable`).
private let knownCaseNames = TypeMemo<[String]?>()

private func names<C: CaseIterable>(of type: C.Type) -> [String] {
    type.allCases.map { ValueEncoding.enumCase(of: $0)?.name ?? String(describing: $0) }
}

/// Decodes case `name` of `type` (opened from an existential metatype).
///
/// A step without a value that decodes to an enum case without a payload gives the same value every time (the case
/// is all there is to it), so that value is kept per type and name and later steps skip the decoder. Anything else
/// is decoded each time: a payload, a failure, a class, a type whose mirror is its own (`CustomReflectable`, which
/// may hide what it holds). A type's `init(from:)` is taken to depend on what it decodes only, as Swift's
/// synthesised one does.
///
/// `seen` keeps them for one input too, so that its later steps skip the process-wide memo's lock.
func decodeCase(
    _ type: any Decodable.Type, named name: String, from delivery: InputDelivery, seen: SeenCases? = nil
) throws -> Any {
    guard delivery.value == nil else { return try delivery.decodeCase(type, named: name) }
    if let known = seen?.values[name] { return known }
    if let known = payloadlessCases.value(for: type, named: name) {
        seen?.values[name] = known
        return known
    }
    let decoded = try delivery.decodeCase(type, named: name)
    if !(decoded is CustomReflectable) {
        let mirror = Mirror(reflecting: decoded)
        if mirror.displayStyle == .enum, mirror.children.isEmpty {
            payloadlessCases.keep(decoded, for: type, named: name)
            seen?.values[name] = decoded
        }
    }
    return decoded
}

/// One enum input's cases without a payload decoded so far, by name (see ``decodeCase(_:named:from:seen:)``).
final class SeenCases {
    var values: [String: Any] = [:]
}

/// The cases without a payload decoded so far, by type and case name: a value of one is nothing but its case, so it
/// may be handed out again.
private let payloadlessCases = TypeMemo<Any>()

/// Decodes a value of `type` (opened from an existential metatype).
func decodeValue(_ type: any Decodable.Type, from delivery: InputDelivery) throws -> Any {
    try delivery.decode(type)
}

/// An enum input fed through `subject` (seed 002's `inputSubject`).
@MainActor
func enumInput<S: Subject>(subject: S) -> EnumInput {
    var input = caseInput(S.Output.self) { subject.send($0) }
    let counter = subscriberCounter(of: subject)
    input.listeners = { counter?() }
    return input
}

/// The `Action` input of a `ViewModelable`.
@MainActor
func actionInput<V: ViewModelable>(viewModelable viewModel: V) -> EnumInput {
    caseInput(V.Action.self) { viewModel.action($0) }
}

/// An input whose names are the cases of `Value`, built through `Value`'s `Decodable` conformance (when it has
/// one) and handed to `send`.
@MainActor
private func caseInput<Value>(_ type: Value.Type, send: @escaping @MainActor (Value) -> Void) -> EnumInput {
    let decodable = type as? any Decodable.Type
    let seen = SeenCases()
    return EnumInput(type: type, caseNames: caseNames(of: type), isDecodable: decodable != nil) { name, delivery in
        guard let decodable, let value = try decodeCase(decodable, named: name, from: delivery, seen: seen) as? Value
        else { return }
        send(value)
    }
}
