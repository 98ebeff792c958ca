import ScenarioJSON

/// A first scenario for a ViewModel of a catalog, written from what the ViewModel shows of itself (`rehearsal new`).
///
/// It is made in three plays on the calling thread (see ``ScenarioRunner`` on threads), each with a fresh ViewModel:
/// 1. the ViewModel is built from the catalog with no config, each `context.config(T.self)` answered with a
///    ``ValueSkeleton`` of `T`, and its ports are found;
/// 2. its setup and one step per input (a second apart, each with a skeleton value of the input's type) are played
///    with every mock call recorded instead of answered (``ScenarioDiscovery``);
/// 3. the starter — that config, those steps, a `"never"` answer per mock key called (with the call's arguments as
///    its `when`, and `times` when it was called several times with them; a synchronous method's answer is a
///    skeleton `"return"`), `until` a second after the last step and a description to fill in — is played as
///    `rehearsal run` plays it. Steps whose value the ViewModel refuses are left out (and played again without them);
///    when only end-of-scenario checks fail (calls still waiting on `"never"` answers), the starter is
///    `"strict": false`, which makes them notes.
///
/// What it could not infer is in ``notes``; what still fails the third play is in ``problems``.
package struct StarterScenario: Sendable {
    /// The scenario file's text.
    package var text: String
    /// What could not be inferred and what to do next, one sentence each.
    package var notes: [String]
    /// What fails when the starter is played (empty when it passes).
    package var problems: [Finding]
    /// The steps it has, and the mock keys it scripts.
    package var stepCount: Int
    package var mockKeys: [String]

    /// Why no starter can be made: the ViewModel cannot be built (its factory throws, or no config can be made).
    package struct Failure: Error, Sendable {
        package var findings: [Finding]
    }

    /// The starter for `viewModel` of `catalog`, to be written at `path` (relative to `root`, which `$file`
    /// references resolve against), with `config` when given instead of a skeleton.
    package static func make(
        viewModel: String, catalog: Catalog, root: String, path: String, config: JSONValue? = nil
    ) -> Result<StarterScenario, Failure> {
        var builder = StarterBuilder(
            viewModel: viewModel, runner: ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root)),
            path: path)
        return builder.make(config: config)
    }
}

/// The plays behind ``StarterScenario/make(viewModel:catalog:root:path:config:)``.
private struct StarterBuilder {
    let viewModel: String
    let runner: ScenarioRunner
    let path: String
    var notes: [String] = []

    init(viewModel: String, runner: ScenarioRunner, path: String) {
        self.viewModel = viewModel
        self.runner = runner
        self.path = path
    }

    mutating func make(config given: JSONValue?) -> Result<StarterScenario, StarterScenario.Failure> {
        // 1. Build it: its configs and its inputs.
        var first = StarterFile(viewModel: viewModel)
        first.config = given
        let built = ScenarioDiscovery()
        let setup = play(first, discovery: built)
        let blocking = setup.findings.filter { [.invalid, .factory, .runaway, .crashed].contains($0.kind) }
        if !blocking.isEmpty || setup.timeline == nil {
            // The starter is not a file yet: its excerpt shows where, and no location names a file that is not there.
            let findings = (blocking.isEmpty ? setup.findings : blocking).map { finding in
                var unplaced = finding
                unplaced.diagnostic.location = nil
                return unplaced
            }
            return .failure(.init(findings: findings))
        }
        var file = first
        file.config = given ?? config(of: built.requestedConfigs)
        file.steps = steps(of: built)
        // 2. Play the steps with every call recorded, then 3. play the starter, leaving out refused steps.
        for _ in 0..<3 {
            let discovered = ScenarioDiscovery()
            _ = play(file, discovery: discovered)
            file.mocks = mocks(of: discovered.calls)
            file.strict = true
            var outcome = play(file, discovery: nil)
            if !outcome.findings.isEmpty {
                file.strict = false
                let lenient = play(file, discovery: nil)
                if lenient.findings.isEmpty {
                    var found: [String] = []
                    for note in lenient.notes where note.kind == .endCheck && !found.contains(note.diagnostic.message) {
                        found.append(note.diagnostic.message)
                    }
                    let listed = found.prefix(3).joined(separator: "; ") + (found.count > 3 ? "; …" : "")
                    notes.append(
                        "the starter is \"strict\": false, so its end checks are notes (\(listed)): script the "
                            + "answers, then remove it")
                    outcome = lenient
                } else {
                    file.strict = true
                }
            }
            let refused = Set(outcome.findings.filter { $0.kind == .invalid }.compactMap(\.step?.index))
            guard !refused.isEmpty else {
                return .success(
                    StarterScenario(
                        text: file.text, notes: notes, problems: outcome.findings, stepCount: file.steps.count,
                        mockKeys: file.mocks.map(\.key)))
            }
            for index in refused.sorted() where file.steps.indices.contains(index) {
                let step = file.steps[index]
                notes.append(
                    "input '\(step.send)' refused the value made up for it (\(writer.string(step.value ?? .null))), "
                        + "so no step sends it: add one with a value of your own")
            }
            file.steps = file.steps.enumerated().filter { !refused.contains($0.offset) }.map(\.element)
        }
        return .success(
            StarterScenario(
                text: file.text, notes: notes, problems: play(file, discovery: nil).findings,
                stepCount: file.steps.count, mockKeys: file.mocks.map(\.key)))
    }

    let writer = JSONWriter(style: .spaced)

    /// Plays `file` as its text reads.
    private func play(_ file: StarterFile, discovery: ScenarioDiscovery?) -> ScenarioOutcome {
        var runner = self.runner
        runner.discovery = discovery
        do {
            let document = try JSONParser().parse(bytes: Array(file.text.utf8), path: path)
            let scenario = try runner.loader.scenario(
                from: document, name: ScenarioLoader.name(ofPath: path, scenariosFolder: runner.loader.scenariosFolder))
            return runner.run(scenario, path: PathName(path))
        } catch let error as ScenarioLoadError {
            return ScenarioOutcome(
                name: viewModel, path: PathName(path), status: .failed,
                findings: error.diagnostics.map { Finding(.invalid, $0) })
        } catch {
            return ScenarioOutcome(
                name: viewModel, path: PathName(path), status: .failed,
                findings: [Finding(.invalid, Diagnostic(.error, message: "\(error)"))])
        }
    }

    /// The config the factory asked for: the whole of it, and members asked for by key.
    private mutating func config(of requested: [ScenarioDiscovery.Config]) -> JSONValue? {
        guard !requested.isEmpty else { return nil }
        var object = JSONObject()
        var whole: JSONValue?
        for config in requested {
            guard case .success(let json) = config.skeleton else { continue }
            notes.append(
                "config\(config.key.map { ".\($0)" } ?? "") is a made-up \(config.typeName): give it the values of "
                    + "the case to rehearse")
            if let key = config.key {
                object[key] = json
            } else {
                whole = json
            }
        }
        if case .object(var members)? = whole {
            for (key, value) in object where members[key] == nil { members[key] = value }
            return .object(members)
        }
        return whole ?? .object(object)
    }

    /// One step per input, a second apart, with a value where one can be made.
    private mutating func steps(of discovery: ScenarioDiscovery) -> [StarterFile.Step] {
        var steps: [StarterFile.Step] = []
        if let unnamed = discovery.enumWithUnknownCases {
            notes.append(
                "the cases of \(unnamed) are not known, so no step sends them: make it CaseIterable, or list them "
                    + "with .inputCases([...]) in the catalog")
        }
        for input in discovery.inputs {
            let at = ScenarioDuration.seconds(Int64(steps.count))
            switch input.value {
            case .none:
                steps.append(.init(at: at, send: input.name, value: nil))
            case .value(let typeName, .failure(let gap)), .payload(let typeName, .failure(let gap)):
                notes.append(
                    "no value of \(typeName) could be made up for input '\(input.name)' (\(gap.reason)), so no step "
                        + "sends it: add one with a value of your own")
            case .value(_, .success(let json)):
                steps.append(.init(at: at, send: input.name, value: json))
            case .payload(_, .success(let payload)):
                steps.append(.init(at: at, send: input.name, value: Self.stepValue(ofPayload: payload)))
            }
        }
        let settables = discovery.settables
        let noInputs = discovery.inputs.isEmpty && discovery.enumWithUnknownCases == nil
        if noInputs, let first = settables.first {
            // Without inputs, its @Published properties are how a view drives it (a text field's binding); which of
            // them a view writes, reflection cannot tell.
            let names = settables.joined(separator: ", ")
            notes.append(
                "the ViewModel's @Published properties (\(names)) are set by no step: add a step such as "
                    + "{\"set\": \"\(first)\", \"value\": …} for each one a view writes, as its binding does")
        }
        if noInputs, settables.isEmpty {
            notes.append("ViewModel '\(viewModel)' has no inputs the runner can find, so the starter has no steps")
        }
        return steps
    }

    /// What a step sends for a case payload: nothing for none, the value of a single unlabelled one, else the object.
    private static func stepValue(ofPayload payload: JSONValue) -> JSONValue? {
        guard case .object(let members) = payload else { return payload }
        if members.isEmpty { return nil }
        if members.count == 1, let only = members["_0"] { return only }
        return payload
    }

    /// A `never` answer (a skeleton `return` for a synchronous method) per key and argument values, in call order.
    private mutating func mocks(of calls: [ScenarioDiscovery.Call]) -> [StarterFile.Mock] {
        var mocks: [StarterFile.Mock] = []
        for call in calls {
            var mock = mocks.first { $0.key == call.key } ?? StarterFile.Mock(key: call.key)
            if let index = mock.responses.firstIndex(where: { $0.when == call.arguments }) {
                mock.responses[index].times += 1
            } else {
                var response = StarterFile.Response(when: call.arguments)
                switch call.immediateAnswer {
                case nil: response.answer = .never
                case .success(let json)?: response.answer = .value(json)
                case .failure(let gap)?:
                    notes.append(
                        "\(call.key) answers at once with a \(gap.typeName), and none could be made up "
                            + "(\(gap.reason)): script its \"return\" by hand")
                    response.answer = .value(.null)
                }
                mock.responses.append(response)
            }
            if let index = mocks.firstIndex(where: { $0.key == call.key }) {
                mocks[index] = mock
            } else {
                mocks.append(mock)
            }
        }
        return mocks
    }
}
