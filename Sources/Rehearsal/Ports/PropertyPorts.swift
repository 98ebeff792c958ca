import CombineCompat

/// Subjects and publishers stored directly on a ViewModel, as ports (no `Input`/`Output` struct):
///
/// ```swift
/// final class ReviewsViewModel {
///     let didTapReload = PassthroughSubject<Void, Never>()          // {"send": "didTapReload"}
///     let reviews = CurrentValueSubject<[Review], Never>([])         // {"output": "reviews", "value": […]}
///     let title: AnyPublisher<String, Never>                         // {"output": "title", "value": "…"}
///     private let reloadTrigger = PassthroughSubject<Void, Never>()  // internal: .propertyPorts(excluding: […])
/// }
/// ```
///
/// Every stored property whose value is a subject is an input (a step may `send` to it) and an output; every
/// other publisher is an output; the property's name names it (`route`, or a `Route` value type, records routes).
/// A value a step sends into a subject is recorded as the input only, not again as the subject's output.
/// Property ports are found when the ViewModel has no `input`/`inputs`/`inputSubject`/`output`/`outputs` member
/// and its factory declares no ports (`context.input`, `context.outputs`, …); a catalog entry's
/// `.propertyPorts(excluding:)` turns them on for any ViewModel and leaves out the named properties (internals).
/// Compiler-made storage (`$__lazy_storage_$_…`) and `objectWillChange` never count.
public struct PropertyPorts: Sendable {
    /// Properties that are not ports.
    public var excluded: [String]

    /// Property ports without the properties named in `excluded`.
    public init(excluding excluded: [String] = []) {
        self.excluded = excluded
    }
}

extension PropertyPorts {
    /// The property ports found while walking a ViewModel, added to its ports in declaration order and taken out
    /// again by ``settle(into:requested:byDefault:)`` when they do not count.
    @MainActor
    struct Found {
        private var names: [String] = []
        private var inputs: [(index: Int, name: String)] = []
        private var outputs: [(index: Int, name: String)] = []
        /// Whether the ports may be kept: false when they are known to be off before the walk (the catalog declares
        /// the ports and does not ask for property ports), so only the properties' names are noted.
        var mayKeep = true

        /// Adds the ports of the stored property `label` when its value is a subject or a publisher, or a property
        /// wrapper's storage (`_tapped`) holding one (the port is then `tapped`).
        mutating func collect(_ value: Any, label: String, into ports: inout Ports) {
            guard !label.hasPrefix("$"), label != "objectWillChange" else { return }
            guard let publisher = value as? any Publisher else {
                if label.hasPrefix("_"), label.count > 1, let wrapped = Self.wrappedPublisher(in: value) {
                    collect(wrapped, label: String(label.dropFirst()), into: &ports)
                }
                return
            }
            names.append(label)
            guard mayKeep else { return }
            outputs.append((ports.outputs.count, label))
            guard let subject = value as? any Subject else {
                ports.outputs.append(
                    outputPort(publisher, name: label, role: PortDiscovery.role(of: publisher, label: label)))
                return
            }
            let (input, output) = subjectPorts(subject, name: label)
            inputs.append((ports.inputs.count, label))
            ports.inputs.append(input)
            ports.outputs.append(output)
        }

        /// The one publisher a property wrapper's storage holds (a team's `@Input var tapped` keeping a subject),
        /// or nil.
        private static func wrappedPublisher(in storage: Any) -> (any Publisher)? {
            let publishers = Mirror(reflecting: storage).children.compactMap { $0.value as? any Publisher }
            return publishers.count == 1 ? publishers.first : nil
        }

        /// Keeps the property ports when the catalog asked for them (`requested`) or when nothing switches them off
        /// (`offBecause` nil, else why they are off), without the excluded ones; notes the ports switched off, with
        /// why, and exclusions that name no property.
        func settle(into ports: inout Ports, requested: PropertyPorts?, offBecause: String?) {
            let excluded = Set(requested?.excluded ?? [])
            let keep = requested != nil || offBecause == nil
            // Those the catalog excludes by name are listed there; the others left out are noted with why.
            for name in names where !keep {
                ports.excluded.append(ExcludedPort(name: name, reason: offBecause ?? "property ports"))
            }
            ports.propertyNames = names
            ports.unknownExclusions = (requested?.excluded ?? []).filter { !names.contains($0) }
            let dropInputs = Set(inputs.filter { !keep || excluded.contains($0.name) }.map(\.index))
            let dropOutputs = Set(outputs.filter { !keep || excluded.contains($0.name) }.map(\.index))
            if !dropInputs.isEmpty {
                ports.inputs = ports.inputs.enumerated().filter { !dropInputs.contains($0.offset) }.map(\.element)
            }
            if !dropOutputs.isEmpty {
                ports.outputs = ports.outputs.enumerated().filter { !dropOutputs.contains($0.offset) }.map(\.element)
            }
        }

        /// A subject property's input and output; a value the input delivers is not echoed by the output.
        private func subjectPorts<S: Subject>(_ subject: S, name: String) -> (InputPort, OutputPort) {
            let gate = EchoGate()
            let input = subjectInput(subject, name: name)
            let output = outputPort(subject, name: name, role: PortDiscovery.role(of: subject, label: name))
            // The runner's own recording of the subject is no listener of the ViewModel's.
            let listeners: @MainActor () -> Int? = { input.listeners?().map { max(0, $0 - gate.recordings) } }
            let gatedInput = InputPort(
                name: name, valueType: input.valueType, listeners: listeners, settable: input.settable
            ) { delivery in
                gate.isDelivering = true
                defer { gate.isDelivering = false }
                try input.deliver(delivery)
            }
            let gatedOutput = OutputPort(name: name, role: output.role) { value, completion in
                let recording = output.subscribe({ if !gate.isDelivering { value($0) } }, completion)
                gate.recordings += 1
                return AnyCancellable {
                    gate.recordings -= 1
                    recording.cancel()
                }
            }
            return (gatedInput, gatedOutput)
        }
    }
}

/// Whether a step is sending into a subject property right now (its echo is not recorded as an output).
private final class EchoGate: @unchecked Sendable {
    var isDelivering = false
    /// The runner's recording subscriptions to the subject.
    var recordings = 0
}
