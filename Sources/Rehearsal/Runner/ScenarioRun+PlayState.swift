import ScenarioJSON

extension ScenarioRun {
    /// How far `play` got: whether the steps were played, only to check the file (it has mistakes already), and which
    /// steps were left out (they send to unknown inputs).
    struct PlayState {
        var started = false
        var checkingOnly = false
        var skippedSteps: Set<Int> = []
        /// The ViewModel's ports the run does not record, with why.
        var excludedPorts: [ExcludedPort] = []
    }

    /// How many subscribers each input has now, where that can be known (an enum input's under
    /// ``RepeatedBinding/enumInput``).
    @MainActor
    func listenerCounts(_ ports: Ports) -> [String: Int] {
        var counts = [String: Int](minimumCapacity: ports.inputs.count + 1)
        for port in ports.inputs { counts[port.name] = port.listeners?() }
        counts[RepeatedBinding.enumInput] = ports.enumInput?.listeners?()
        return counts
    }

    /// One note listing the ViewModel's ports that the run does not record, each with why; nil when it records all
    /// it can see.
    func excludedPortsNote(_ excluded: [ExcludedPort]) -> Finding? {
        guard !excluded.isEmpty else { return nil }
        // One reason per group of ports, in the order the ports were found.
        var groups: [(reason: String, names: [String])] = []
        for port in excluded {
            if let index = groups.firstIndex(where: { $0.reason == port.reason }) {
                groups[index].names.append(port.name)
            } else {
                groups.append((port.reason, [port.name]))
            }
        }
        let list = groups.map { group in
            group.names.map { "'\($0)'" }.joined(separator: ", ") + " (\(group.reason))"
        }.joined(separator: "; ")
        let first = excluded.first { $0.isLazy } ?? excluded[0]
        return Finding(
            .environment,
            scenario.document.diagnostic(
                at: JSONPointer.root.appending("viewModel"),
                "ports of ViewModel '\(scenario.viewModel)' not recorded: \(list)",
                hint: Self.hint(toRecord: first, several: excluded.count > 1, quieting: excluded.filter { !$0.isLazy })
            ).with(severity: .note))
    }

    /// How to record `port`, a port the run does not record (`several` when it stands for a group of them); with
    /// `quieting`, the switched-off ports a note lists, also how to leave those out without the note.
    static func hint(toRecord port: ExcludedPort, several: Bool = false, quieting: [ExcludedPort] = []) -> String {
        if port.isLazy {
            return "read the lazy var in the factory (_ = viewModel.\(port.name)), or record it with "
                + "context.output(\"\(port.name)\", viewModel.\(port.name))"
        }
        let record =
            "record \(several ? "them" : "it") with .propertyPorts(excluding: […]) in the catalog, naming the "
            + "internals to leave out"
        guard !quieting.isEmpty else { return record }
        let names = quieting.map { JSONWriter.quoted($0.name) }.joined(separator: ", ")
        return record + "; .propertyPorts(excluding: [\(names)]) leaves \(quieting.count > 1 ? "them all" : "it") out "
            + "without this note"
    }
}

/// A weak reference to the ViewModel, to see whether it outlives the run.
struct LeakProbe {
    private weak var object: AnyObject?
    private let type: AnyObject.Type?

    init(_ object: AnyObject? = nil) {
        self.object = object
        type = object.map { Swift.type(of: $0) }
    }

    /// The ViewModel's type name, for the finding of a leak (worked out only then).
    var typeName: String { type.map { String(describing: $0) } ?? "" }

    var isAlive: Bool { object != nil }
}
