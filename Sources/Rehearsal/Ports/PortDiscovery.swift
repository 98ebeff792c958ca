import CombineCompat
import RehearsalBase
import ViewModelKit

/// Everything the runner can drive and record on one ViewModel.
struct Ports {
    /// Named inputs, in discovery order (declared first, then reflected).
    var inputs: [InputPort] = []
    /// An enum input taking any of its cases as an input name.
    var enumInput: EnumInput?
    /// The recorded streams, in discovery order.
    var outputs: [OutputPort] = []
    /// The `@Published` properties a `set` step may set, by name.
    var settables: [SettablePort] = []

    /// The input names to list in errors: named inputs, then the enum's cases when known.
    var inputNames: [String] { inputs.map(\.name) + (enumInput?.caseNames ?? []) }
    /// Names the catalog's `.propertyPorts(excluding:)` gives that are no subject or publisher property.
    var unknownExclusions: [String] = []
    /// The ViewModel's subject and publisher properties, for the error about an unknown exclusion.
    var propertyNames: [String] = []
    /// Ports the ViewModel has that are not recorded, each with why (a note of the run lists them).
    var excluded: [ExcludedPort] = []
}

/// A port of the ViewModel that the run does not record, and why.
struct ExcludedPort: Equatable {
    /// The property's name.
    let name: String
    /// Why it is not recorded (`"a lazy var not created yet"`).
    let reason: String

    /// Why a `lazy var` nothing created yet is not recorded.
    static let lazyReason = "a lazy var that nothing had read when the ports were found, after the factory"

    /// Whether it is a `lazy var` nothing created yet.
    var isLazy: Bool { reason == Self.lazyReason }
}

/// Finds a ViewModel's ports by reflection, the way the seeds shape ViewModels:
///
/// - `input` (or `inputs`): a struct of subjects → one input per property label; a subject of an enum → the
///   enum's cases are inputs (`inputSubject` too, as in seed 002).
/// - `output` (or `outputs`): a struct of publishers → one output per property label; the one labelled `route`,
///   or any whose value type is named `Route`, records routes. A single publisher records as `output`.
/// - `route`: a publisher → routes.
/// - `@Published` properties → states by name; a `ViewModelable`'s `action(_:)` takes its `Action` cases.
/// - Subjects and publishers stored directly on the ViewModel (see ``PropertyPorts``) → a subject is an input and
///   an output, a publisher an output, named by the property; when the ViewModel has no `input`/`output` member
///   and declares no ports, or when the catalog asks for them with `.propertyPorts(excluding:)`.
///
/// Superclass properties are included. Declared ports (catalog actions, `context.input/output/…`) come first and
/// win over reflected ones of the same name.
@MainActor
enum PortDiscovery {
    @MainActor
    static func discover(_ built: BuiltViewModel, declared: DeclaredPorts) -> Ports {
        var ports = Ports()
        ports.inputs = built.declaredInputs + declared.inputs
        ports.outputs = declared.outputs
        ports.enumInput = declared.enumInput
        let declaresPorts = !declared.inputs.isEmpty || !declared.outputs.isEmpty || declared.enumInput != nil
        var properties = PropertyPorts.Found()
        properties.mayKeep = !declaresPorts || built.propertyPorts != nil
        var hasPortMembers = false
        let visitProperty = { (label: String?, value: Any) in
            guard var label = label else { return }
            var value = value
            if label.hasPrefix(lazyStoragePrefix) {
                // A `lazy var`: its storage is an optional, nil until something reads the property.
                label.removeFirst(lazyStoragePrefix.count)
                guard let created = Mirror(reflecting: value).children.first?.value else {
                    if isPublisherStorage(value) || portMemberLabels.contains(label) {
                        ports.excluded.append(ExcludedPort(name: label, reason: ExcludedPort.lazyReason))
                    }
                    return
                }
                value = created
            }
            switch reflect(value, label: label, into: &ports) {
            case .portMember: hasPortMembers = true
            case .recorded: break
            case .other: properties.collect(value, label: label, into: &ports)
            }
        }
        if let fields = StoredFields.of(built.object) {
            // Only the properties that can be ports, by the ViewModel type's plan.
            let plan = visitPlans.value(for: type(of: built.object)) { fields.declared.map(mayBePort) }
            fields.forEach(in: built.object, only: plan) { visitProperty($0, $1) }
        } else {
            StoredFields.forEachProperty(of: built.object, visitProperty)
        }
        let offReason: String? =
            declaresPorts
            ? "property ports, off because the catalog declares the ViewModel's ports"
            : hasPortMembers ? "property ports, off because the ViewModel has input/output members" : nil
        properties.settle(into: &ports, requested: built.propertyPorts, offBecause: offReason)
        if let viewModelable = built.object as? any ViewModelable, ports.enumInput == nil {
            ports.enumInput = actionInput(viewModelable: viewModelable)
        }
        if let names = built.inputCaseNames { ports.enumInput?.caseNames = names }
        // Declared and earlier ports win: drop later duplicates by name.
        ports.inputs = firstOfEach(ports.inputs) { $0.name }
        ports.outputs = firstOfEach(ports.outputs) { PortKey(role: $0.role, name: $0.name) }
        // A port recorded under the same name (a declared `state` over a private `state` subject) is not missing.
        if !ports.excluded.isEmpty {
            let names = ports.inputs.map(\.name) + ports.outputs.map(\.name)
            // A ViewModel's few ports are compared, many hashed.
            let recorded = names.count > 16 ? Set(names) : nil
            ports.excluded.removeAll { recorded?.contains($0.name) ?? names.contains($0.name) }
        }
        return ports
    }

    /// Per ViewModel type, which of its stored properties (``StoredFields/declared``) discovery reads.
    private static let visitPlans = TypeMemo<[Bool]>()

    /// Whether a stored property declared as `label: type` can hold a port, or name the ViewModel's ports: false only
    /// for a struct or enum that is no publisher under a label no rule reads (`cancellables`, a config, a `Bool`),
    /// whose values are of that type and so never a publisher, a subject or a property wrapper's storage.
    private static func mayBePort(_ declared: (label: String, type: Any.Type)) -> Bool {
        let (label, type) = declared
        if portMemberLabels.contains(label) || label == "route" || label.hasPrefix("_") || label.hasPrefix("$") {
            return true
        }
        return !StoredFields.isStructOrEnum(type) || type is any Publisher.Type
    }

    /// An output's identity: its role and name.
    private struct PortKey: Hashable {
        var role: OutputPort.Role
        var name: String
    }

    /// `ports` without those whose key an earlier one has; `ports` itself when no two share a key (most ViewModels).
    private static func firstOfEach<Port, Key: Hashable>(_ ports: [Port], key: (Port) -> Key) -> [Port] {
        guard ports.count > 1 else { return ports }
        guard ports.count <= 16 else {
            var seen = Set<Key>(minimumCapacity: ports.count)
            let firsts = ports.filter { seen.insert(key($0)).inserted }
            return firsts.count == ports.count ? ports : firsts
        }
        // A ViewModel's few ports: comparing keys costs less than hashing them, and nothing is allocated until a
        // duplicate is found.
        var kept: [Port]?
        for index in 1..<ports.count {
            let current = key(ports[index])
            let isDuplicate = (0..<index).contains { key(ports[$0]) == current }
            if isDuplicate, kept == nil {
                kept = Array(ports[..<index])
            } else if !isDuplicate {
                kept?.append(ports[index])
            }
        }
        return kept ?? ports
    }

    /// The members whose value holds the inputs or outputs.
    private static let portMemberLabels: Set<String> = ["input", "inputs", "inputSubject", "output", "outputs"]

    /// How the compiler names a `lazy var`'s storage: `$__lazy_storage_$_summary` for `summary`.
    private static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Whether `value`, an optional's storage, is declared to hold a publisher (an `Optional<AnyPublisher<…>>`).
    private static func isPublisherStorage(_ value: Any) -> Bool {
        publisherStorage.value(for: Swift.type(of: value)) {
            let type = _typeName(Swift.type(of: value), qualified: false)
            return ["Publisher", "Subject"].contains { type.contains($0) }
        }
    }

    /// Whether a type's name says it holds a publisher, by type.
    private static let publisherStorage = TypeMemo<Bool>()

    /// What a stored property turned out to be.
    private enum Reflected {
        /// An `input`/`output` member: property ports become opt-in.
        case portMember
        /// A `route` publisher or a `@Published` property, recorded whatever the ViewModel's shape.
        case recorded
        /// Anything else (maybe a property port).
        case other
    }

    /// Adds the ports of one stored property.
    private static func reflect(_ value: Any, label: String, into ports: inout Ports) -> Reflected {
        switch label {
        case "input", "inputs", "inputSubject":
            if let subject = value as? any Subject {
                if ports.enumInput == nil { ports.enumInput = enumInput(subject: subject) }
                return .portMember
            }
            StoredFields.forEachProperty(of: value, ownOnly: true) { name, value in
                guard let name, let subject = value as? any Subject else { return }
                ports.inputs.append(subjectInput(subject, name: name))
            }
            return .portMember
        case "output", "outputs":
            if let publisher = value as? any Publisher {
                ports.outputs.append(outputPort(publisher, name: label, role: role(of: publisher, label: label)))
                return .portMember
            }
            StoredFields.forEachProperty(of: value, ownOnly: true) { name, value in
                guard let name, let publisher = value as? any Publisher else { return }
                ports.outputs.append(outputPort(publisher, name: name, role: role(of: publisher, label: name)))
            }
            return .portMember
        case "route":
            guard let publisher = value as? any Publisher else { return .other }
            // A route the catalog declares (an `Output`'s, the private subject behind it) wins: this one would be
            // dropped as its duplicate.
            if !ports.outputs.contains(where: { $0.role == .route && $0.name == label }) {
                ports.outputs.append(outputPort(publisher, name: label, role: .route))
            }
            return .recorded
        default:
            if label.hasPrefix("_"), let published = value as? any PublishedStorageProperty {
                let name = String(label.dropFirst())
                ports.outputs.append(published.outputPort(name: name))
                if let settable = published.settablePort(name: name) { ports.settables.append(settable) }
                return .recorded
            }
            return .other
        }
    }

    static func role<P: Publisher>(of publisher: P, label: String) -> OutputPort.Role {
        if label == "route" { return .route }
        return routeOutputs.value(for: P.Output.self) {
            let typeName = _typeName(P.Output.self, qualified: false)
            return typeName == "Route" || typeName == "Optional<Route>"
        } ? .route : .output
    }

    /// Whether values of a type are routes (it is named `Route`), by type.
    private static let routeOutputs = TypeMemo<Bool>()
}

/// An input port for one subject of an `Input` struct.
@MainActor
func subjectInput<S: Subject>(_ subject: S, name: String) -> InputPort {
    let counter = subscriberCounter(of: subject)
    let listeners: @MainActor () -> Int? = { counter?() }
    if let void = () as? S.Output {
        return InputPort(name: name, valueType: nil, listeners: listeners) { _ in subject.send(void) }
    }
    let decodable = S.Output.self as? any Decodable.Type
    // A `CurrentValueSubject` holds a value a `set` step may set (as `send` does).
    let settable = subject is CurrentValueSubject<S.Output, S.Failure>
    return InputPort(name: name, valueType: S.Output.self, listeners: listeners, settable: settable) { delivery in
        guard let decodable else {
            throw delivery.document.error(
                at: delivery.valuePointer,
                "input '\(name)' takes \(String(describing: S.Output.self)), which is not Decodable",
                hint: "make \(String(describing: S.Output.self)) Decodable, or declare the input in the catalog")
        }
        if let value = try decodeValue(decodable, from: delivery) as? S.Output {
            subject.send(value)
        }
    }
}
