import ScenarioJSON

extension ScenarioRun {
    /// Properties that name an output or state the ViewModel does not record (checked before anything runs): such a
    /// pattern matches nothing, so a `never` or `count … equals 0` would hold whatever the ViewModel does. One
    /// diagnostic per pattern, at the pattern, saying why the name is unknown when the run knows (a port not recorded).
    func unknownPropertyNames(_ ports: Ports) -> [Diagnostic] {
        guard !scenario.properties.isEmpty else { return [] }
        let recorded = ports.outputs.map(\.name)
        var known = Set(recorded)
        var problems: [Diagnostic] = []
        for property in scenario.properties {
            for (pattern, pointer) in Self.patterns(of: property) {
                guard Self.namesAnOutput(pattern.kind), let name = pattern.name, !known.contains(name) else { continue }
                known.insert(name)  // Once per name.
                problems.append(unknownOutput(name, at: pointer, property: property.index, ports: ports))
            }
        }
        return problems
    }

    private func unknownOutput(_ name: String, at pointer: JSONPointer, property: Int, ports: Ports) -> Diagnostic {
        let recorded = ports.outputs.map(\.name)
        let list = recorded.isEmpty ? "none" : recorded.joined(separator: ", ")
        let message =
            "property \(property) names '\(name)', which ViewModel '\(scenario.viewModel)' does not record as an "
            + "output or state, so the pattern matches nothing"
        if let excluded = ports.excluded.first(where: { $0.name == name }) {
            return scenario.document.diagnostic(
                at: pointer, message + " ('\(name)' is not recorded: \(excluded.reason))",
                hint: Self.hint(toRecord: excluded))
        }
        let hint =
            Suggestion.closest(to: name, in: recorded).map { "did you mean '\($0)'? Outputs and states: \(list)" }
            ?? "name one of its outputs and states (\(list)), or declare it in the factory "
            + "(context.output(\"\(name)\", …)): a computed property is invisible to reflection"
        return scenario.document.diagnostic(at: pointer, message, hint: hint)
    }

    /// Whether a pattern of `kind` names an output port (a route's name is its case, a callback's is the factory's).
    private static func namesAnOutput(_ kind: EventPattern.Kind) -> Bool {
        switch kind {
        case .output, .state, .outputOrState, .finished, .failed: true
        case .route, .callback, .input, .call, .response, .cancelled: false
        }
    }

    /// The property's patterns, each with where the file writes it.
    private static func patterns(of property: ScenarioProperty) -> [(EventPattern, JSONPointer)] {
        let at = property.pointer
        switch property.rule {
        case .final(let pattern, _): return [(pattern, at.appending("final"))]
        case .never(let pattern, let after):
            return [(pattern, at.appending("never"))] + (after.map { [($0, at.appending("after"))] } ?? [])
        case .each(let pattern, let after): return [(pattern, at.appending("each")), (after, at.appending("after"))]
        case .count(let pattern, _): return [(pattern, at.appending("count"))]
        case .goldenUpToSameInstantOrder: return []
        }
    }
}
