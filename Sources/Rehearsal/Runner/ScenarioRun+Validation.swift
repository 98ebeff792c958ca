import ScenarioJSON

extension ScenarioRun {
    /// Every `send` names a known input (checked before anything runs): the index of each step that does not,
    /// with why.
    func validateInputs(_ ports: Ports) -> [(step: Int, diagnostic: Diagnostic)] {
        var problems: [(step: Int, diagnostic: Diagnostic)] = []
        for step in scenario.steps {
            if case .set(let name, _, let namePointer, _) = step.action {
                if let problem = unsettable(name, at: namePointer, ports: ports) {
                    problems.append((step.index, problem))
                }
                continue
            }
            guard case .send(let name, _, let namePointer, _) = step.action else { continue }
            if ports.inputs.contains(where: { $0.name == name }) { continue }
            if let enumInput = ports.enumInput {
                if !enumInput.isDecodable {
                    problems.append(
                        (
                            step.index,
                            scenario.document.diagnostic(
                                at: namePointer,
                                "cannot send '\(name)' to ViewModel '\(scenario.viewModel)': its input enum "
                                    + "\(enumInput.typeName) is not Decodable",
                                hint: "add `Decodable` to \(enumInput.typeName), or declare the input with `.action` "
                                    + "in the catalog")
                        ))
                    continue
                }
                guard let cases = enumInput.caseNames, !cases.contains(name) else { continue }
            }
            if ports.settables.contains(where: { $0.name == name }) {
                // A view writes a @Published property: a `set` step does, not a `send`.
                problems.append(
                    (
                        step.index,
                        scenario.document.diagnostic(
                            at: namePointer,
                            "'\(name)' of ViewModel '\(scenario.viewModel)' is a @Published property, which a step "
                                + "sets, not an input it sends",
                            hint: "write {\"set\": \"\(name)\", \"value\": …} as a view's binding sets it")
                    ))
                continue
            }
            problems.append((step.index, unknownInput(name, at: namePointer, known: ports.inputNames)))
        }
        return problems
    }

    /// Why a `set` step cannot set `name`, or nil when it can: it must be a `@Published` property or a
    /// `CurrentValueSubject` input.
    private func unsettable(_ name: String, at pointer: JSONPointer, ports: Ports) -> Diagnostic? {
        let settable = ports.settables.map(\.name) + ports.inputs.filter(\.settable).map(\.name)
        if settable.contains(name) { return nil }
        if ports.inputs.contains(where: { $0.name == name }) || ports.enumInput?.caseNames?.contains(name) == true {
            return scenario.document.diagnostic(
                at: pointer, "input '\(name)' of ViewModel '\(scenario.viewModel)' holds no value to set",
                hint: "send it instead: {\"send\": \"\(name)\", \"value\": …}")
        }
        let list = settable.isEmpty ? "none" : settable.joined(separator: ", ")
        return scenario.document.diagnostic(
            at: pointer, "unknown property '\(name)' to set on ViewModel '\(scenario.viewModel)'",
            hint: Suggestion.closest(to: name, in: settable).map { "did you mean '\($0)'? Settable: \(list)" }
                ?? "set a @Published property or a CurrentValueSubject input; settable: \(list)")
    }

    /// Names in the catalog's `.propertyPorts(excluding:)` that are no subject or publisher property.
    func unknownExclusions(_ ports: Ports) -> [Diagnostic] {
        ports.unknownExclusions.map { name in
            let properties = ports.propertyNames
            let list = properties.isEmpty ? "none" : properties.joined(separator: ", ")
            let hint =
                Suggestion.closest(to: name, in: properties).map { "did you mean '\($0)'? Properties: \(list)" }
                ?? "remove it from .propertyPorts(excluding:) in the catalog; subject and publisher properties: \(list)"
            return scenario.document.diagnostic(
                at: JSONPointer.root.appending("viewModel"),
                "the catalog excludes '\(name)' from the ports of ViewModel '\(scenario.viewModel)', which has no "
                    + "subject or publisher property of that name",
                hint: hint)
        }
    }

    /// The ViewModel's type as its module writes it (`CartViewModel`, `Outer.CartViewModel`), when the catalog
    /// entry says.
    private var viewModelTypeName: String? {
        guard let qualified = catalog.entry(named: scenario.viewModel)?.declaration?.viewModelType else { return nil }
        // `Module.(unknown context at $…).CartViewModel` for a private type: the name is what follows the context.
        if let close = qualified.lastIndex(of: ")"), qualified[close...].hasPrefix(").") {
            return String(qualified[qualified.index(close, offsetBy: 2)...])
        }
        return GlueSites.module(ofType: qualified).map { String(qualified.dropFirst($0.count + 1)) }
    }

    private func unknownInput(_ name: String, at pointer: JSONPointer, known: [String]) -> Diagnostic {
        let list = known.isEmpty ? "none" : known.joined(separator: ", ")
        let hint: String
        if let near = Suggestion.closest(to: name, in: known) {
            hint = "did you mean '\(near)'? Inputs: \(list)"
        } else if known.isEmpty {
            hint =
                "declare the ViewModel's inputs: an `input` struct of subjects, or `.action` in the catalog; a "
                + "ViewModel with an `action(_:)` method of its own protocol takes its Action cases as inputs once the "
                + "catalog declares it ViewModelKit's (`import ViewModelKit` and `extension "
                + "\(viewModelTypeName ?? scenario.viewModel): ViewModelKit.ViewModelable {}`)"
        } else {
            hint = "use one of the inputs: \(list)"
        }
        return scenario.document.diagnostic(
            at: pointer, "unknown input '\(name)' for ViewModel '\(scenario.viewModel)'", hint: hint)
    }

    func unknownViewModel() -> Diagnostic {
        let names = catalog.names
        let list = names.isEmpty ? "none" : names.joined(separator: ", ")
        // A near name is enough; the whole list only when nothing is close (a catalog can be long).
        let hint =
            Suggestion.closest(to: scenario.viewModel, in: names).map { "did you mean '\($0)'?" }
            ?? "use one of the catalog's ViewModels: \(list)"
        return scenario.document.diagnostic(
            at: JSONPointer.root.appending("viewModel"), "unknown ViewModel '\(scenario.viewModel)'", hint: hint)
    }

    /// Mock keys whose type part names no mock the factory created (`StoreRepositry.fetch…`), one per key.
    func unknownMockTypes(created: [String]) -> [(key: String, diagnostic: Diagnostic)] {
        guard !scenario.mocks.isEmpty else { return [] }
        // The framework stand-ins' types (`CLLocationManager`) are mocks of every scenario; the hint lists the
        // factory's.
        let known = created + ScenarioFrameworkHost.mockNames
        return scenario.mocks.compactMap { entry -> (key: String, diagnostic: Diagnostic)? in
            guard let key = entry.parsedKey, !known.contains(key.type) else { return nil }
            let list = created.isEmpty ? "none" : created.joined(separator: ", ")
            let hint =
                Suggestion.closest(to: key.type, in: known).map {
                    "did you mean '\($0).\(key.method)'? Mocks: \(list)"
                }
                ?? "use a mock the ViewModel's factory creates: \(list)"
            return (
                entry.key,
                scenario.document.diagnostic(
                    at: entry.pointer,
                    "unknown mock '\(key.type)' in '\(entry.key)' for ViewModel '\(scenario.viewModel)'", hint: hint,
                    atKey: true)
            )
        }
    }
}
