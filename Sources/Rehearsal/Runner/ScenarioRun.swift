import CombineCompat
import Foundation
import ScenarioJSON
import VirtualTime

/// One run of one scenario: builds the ViewModel, subscribes to its outputs, plays the steps on a fresh virtual
/// timeline, then runs the end-of-scenario checks.
struct ScenarioRun {
    let scenario: Scenario
    let catalog: Catalog
    let limits: VirtualTimeLimits
    let virtualizesSystemTime: Bool
    /// Sees each event as it is recorded (a worker process streams them so a crash still shows the last ones).
    var observer: (@Sendable (TimelineEvent) -> Void)?
    /// Stops after building the ViewModel and checking the scenario against its ports: nothing is bound or sent.
    var validateOnly = false
    private let failures = FailureLog()

    init(scenario: Scenario, catalog: Catalog, limits: VirtualTimeLimits, virtualizesSystemTime: Bool) {
        self.scenario = scenario
        self.catalog = catalog
        self.limits = limits
        self.virtualizesSystemTime = virtualizesSystemTime
    }

    /// Plays the scenario on the calling thread, which drives the timeline and plays the main thread for it.
    func execute(path: String?) -> ScenarioResult {
        var result = ScenarioResult(
            name: scenario.name, path: path, timeline: nil, failures: [], notes: [], scenario: scenario)
        guard let entry = catalog.entry(named: scenario.viewModel) else {
            result.failures = [unknownViewModel()]
            return result
        }
        let timeline = VirtualEventLoop(limits: limits, initialCause: .setup, wallClockStart: scenario.clockStart)
        let recorder = TimelineRecorder(timeline: timeline, observer: observer)
        let engine = MockScriptEngine(scenario: scenario, recorder: recorder, timeline: timeline, failures: failures)
        var endChecks: [ScenarioFailure] = []
        var started = false
        do {
            try timeline.runScenario(virtualizesSystemTime: virtualizesSystemTime) {
                // Inside the run this thread plays the main thread: MainActor code may run here synchronously.
                try MainActor.assumeIsolated {
                    let leakProbe = try play(
                        entry, timeline: timeline, recorder: recorder, engine: engine, started: &started)
                    if started {
                        endChecks = EndChecks(
                            scenario: scenario, timeline: timeline, engine: engine, leakProbe: leakProbe
                        )
                        .findings()
                    }
                }
            }
        } catch let error as VirtualTimeError {
            failures.add(.runaway, runawayError(error, timeline: timeline))
        } catch let error as JSONError {
            failures.add(.factory, error)
        } catch {
            failures.add(
                .factory,
                scenario.document.error(
                    at: JSONPointer.root.appending("viewModel"),
                    "building ViewModel '\(scenario.viewModel)' failed: \(error)",
                    hint: "check the catalog's factory and the scenario's config"))
        }
        if started { result.timeline = Timeline(scenario: scenario.name, events: recorder.recorded) }
        result.systemTime = timeline.systemTime ?? .real(.switchedOff)
        result.failures = failures.all
        if scenario.strict {
            result.failures += endChecks
        } else {
            result.notes = endChecks
        }
        return result
    }

    /// Builds, binds and drives the ViewModel; returns a weak probe on it for the leak check, taken after the
    /// run released every reference it held.
    @MainActor
    private func play(
        _ entry: any CatalogEntry, timeline: VirtualEventLoop, recorder: TimelineRecorder, engine: MockScriptEngine,
        started: inout Bool
    ) throws -> LeakProbe {
        var built: BuiltViewModel?
        var ports = Ports()
        var subscriptions: [AnyCancellable] = []
        try timeline.withCause(.setup) {
            let context = ScenarioContext(
                scenario: scenario, timeline: timeline, mockEngine: engine, recorder: recorder)
            let made = try entry.instantiate(context)
            built = made
            if let unknown = unknownMockTypes(created: engine.createdMocks) {
                failures.add(.invalid, unknown)
            }
            ports = PortDiscovery.discover(made, declared: context.declared)
            let inputErrors = validateInputs(ports)
            inputErrors.forEach { failures.add(.invalid, $0) }
            guard failures.all.isEmpty, !validateOnly else { return }
            started = true
            subscriptions = ports.outputs.map { subscribe($0, recorder: recorder) }
            made.bind()
            try timeline.settle()
        }
        let probe = LeakProbe(built?.object)
        guard started else { return probe }
        try playSteps(ports, timeline: timeline, recorder: recorder)
        if let until = scenario.until {
            try timeline.advance(to: max(until, timeline.now))
        } else {
            try timeline.run()
        }
        subscriptions.forEach { $0.cancel() }
        subscriptions.removeAll()
        ports = Ports()
        built = nil
        // Releasing the ViewModel runs its deinit (cancelled subscriptions, cancelled tasks); let that work run
        // now, on this timeline, so it neither looks unfinished to the end checks nor leaks into the next run.
        try timeline.withCause(.teardown) { try timeline.settle() }
        return probe
    }

    @MainActor
    private func playSteps(_ ports: Ports, timeline: VirtualEventLoop, recorder: TimelineRecorder) throws {
        for step in scenario.steps {
            // A thread sleep in earlier work may have moved time past the step (reported): the step then runs late.
            try timeline.advance(to: max(step.at, timeline.now))
            guard case .send(let name, let value, _, let valuePointer) = step.action else { continue }
            try timeline.withCause(.step(step.index)) {
                recorder.record(["input": .string(name), "value": value])
                let delivery = InputDelivery(
                    value: value, document: scenario.document, valuePointer: valuePointer,
                    stepPointer: step.pointer, inputName: name)
                do {
                    try deliver(delivery, to: name, ports: ports)
                } catch let error as JSONError {
                    failures.add(.input, error)
                } catch {
                    failures.add(.input, scenario.document.error(at: valuePointer, "\(error)"))
                }
                try timeline.settle()
            }
        }
    }

    @MainActor
    private func deliver(_ delivery: InputDelivery, to name: String, ports: Ports) throws {
        if let port = ports.inputs.first(where: { $0.name == name }) {
            if port.valueType == nil, delivery.value != nil {
                throw scenario.document.error(
                    at: delivery.valuePointer, "input '\(name)' takes no value", hint: "remove \"value\" from the step")
            }
            try port.deliver(delivery)
        } else if let enumInput = ports.enumInput {
            try enumInput.deliver(name, delivery)
        }
    }

    /// Every `send` names a known input (checked before anything runs).
    private func validateInputs(_ ports: Ports) -> [JSONError] {
        var errors: [JSONError] = ports.unknownExclusions.map { unknownExclusion($0, properties: ports.propertyNames) }
        let names = ports.inputNames
        for step in scenario.steps {
            guard case .send(let name, _, let namePointer, _) = step.action else { continue }
            if ports.inputs.contains(where: { $0.name == name }) { continue }
            if let enumInput = ports.enumInput {
                if !enumInput.isDecodable {
                    errors.append(
                        scenario.document.error(
                            at: namePointer,
                            "cannot send '\(name)' to ViewModel '\(scenario.viewModel)': its input enum \(enumInput.typeName) is not Decodable",
                            hint:
                                "add `Decodable` to \(enumInput.typeName), or declare the input with `.action` in the catalog"
                        ))
                    continue
                }
                guard let cases = enumInput.caseNames, !cases.contains(name) else { continue }
            }
            errors.append(unknownInput(name, at: namePointer, known: names))
        }
        return errors
    }

    private func unknownInput(_ name: String, at pointer: JSONPointer, known: [String]) -> JSONError {
        let list = known.isEmpty ? "none" : known.joined(separator: ", ")
        let hint: String
        if let near = Suggestion.closest(to: name, in: known) {
            hint = "did you mean '\(near)'? Inputs: \(list)"
        } else if known.isEmpty {
            hint = "declare the ViewModel's inputs: an `input` struct of subjects, or `.action` in the catalog"
        } else {
            hint = "use one of the inputs: \(list)"
        }
        return scenario.document.error(
            at: pointer, "unknown input '\(name)' for ViewModel '\(scenario.viewModel)'", hint: hint)
    }

    /// A name in the catalog's `.propertyPorts(excluding:)` that is no subject or publisher property.
    private func unknownExclusion(_ name: String, properties: [String]) -> JSONError {
        let list = properties.isEmpty ? "none" : properties.joined(separator: ", ")
        let hint =
            Suggestion.closest(to: name, in: properties).map { "did you mean '\($0)'? Properties: \(list)" }
            ?? "remove it from .propertyPorts(excluding:) in the catalog; subject and publisher properties: \(list)"
        return scenario.document.error(
            at: JSONPointer.root.appending("viewModel"),
            "the catalog excludes '\(name)' from the ports of ViewModel '\(scenario.viewModel)', which has no subject or publisher property of that name",
            hint: hint)
    }

    private func unknownViewModel() -> ScenarioFailure {
        let names = catalog.names
        let list = names.isEmpty ? "none" : names.joined(separator: ", ")
        // A near name is enough; the whole list only when nothing is close (a catalog can be long).
        let hint =
            Suggestion.closest(to: scenario.viewModel, in: names).map { "did you mean '\($0)'?" }
            ?? "use one of the catalog's ViewModels: \(list)"
        return ScenarioFailure(
            kind: .invalid,
            error: scenario.document.error(
                at: JSONPointer.root.appending("viewModel"), "unknown ViewModel '\(scenario.viewModel)'", hint: hint))
    }

    /// Mock keys whose type part names no mock the factory created (`StoreRepositry.fetch…`).
    private func unknownMockTypes(created: [String]) -> JSONError? {
        for entry in scenario.mocks {
            guard let key = MockKey(entry.key), !created.contains(key.type) else { continue }
            let list = created.isEmpty ? "none" : created.joined(separator: ", ")
            let hint =
                Suggestion.closest(to: key.type, in: created).map {
                    "did you mean '\($0).\(key.method)'? Mocks: \(list)"
                }
                ?? "use a mock the ViewModel's factory creates: \(list)"
            return scenario.document.error(
                at: entry.pointer, "unknown mock '\(key.type)' in '\(entry.key)' for ViewModel '\(scenario.viewModel)'",
                hint: hint)
        }
        return nil
    }

    private func subscribe(_ port: OutputPort, recorder: TimelineRecorder) -> AnyCancellable {
        let encoding = recorder.encoding
        let role = port.role.rawValue
        let name = port.name
        return port.subscribe(
            { value in
                if port.role == .route {
                    let mirror = Mirror(reflecting: value)
                    if mirror.displayStyle == .optional, mirror.children.isEmpty { return }
                    let unwrapped = mirror.displayStyle == .optional ? mirror.children.first?.value ?? value : value
                    let routeMirror = Mirror(reflecting: unwrapped)
                    if routeMirror.displayStyle == .enum {
                        let (caseName, payload) = ValueEncoding.enumCase(unwrapped, mirror: routeMirror)
                        recorder.record(["route": .string(caseName), "value": payload.map { encoding.encode($0) }])
                        return
                    }
                    recorder.record(["route": .string(name), "value": encoding.encode(unwrapped)])
                    return
                }
                // A `Void` value has nothing to show: `{"output": "didFinish"}`, as a `Void` input is recorded.
                let encoded: JSONValue? = value is Void ? JSONValue?.none : encoding.encode(value)
                recorder.record([role: .string(name), "value": encoded])
            },
            { error in
                if let error {
                    recorder.record(["failed": .string(name), "error": encoding.encode(error)])
                } else {
                    recorder.record(["finished": .string(name)])
                }
            })
    }

    private func runawayError(_ error: VirtualTimeError, timeline: VirtualEventLoop) -> JSONError {
        let headline = error.description.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "\(error)"
        // Point at the step whose work kept running, when the error names one.
        var pointer = scenario.until == nil ? JSONPointer.root : JSONPointer.root.appending("until")
        if case .timeLimitExceeded(_, let next, _) = error, let index = next.cause.stepIndex {
            pointer = JSONPointer.root.appending("steps").appending(index)
        }
        return scenario.document.error(
            at: pointer,
            "the ViewModel did not settle: \(headline)",
            hint: "cancel repeating timers and long-running tasks when the work is done, or set \"until\"")
    }
}

/// A weak reference to the ViewModel, to see whether it outlives the run.
struct LeakProbe {
    private weak var object: AnyObject?
    let typeName: String

    init(_ object: AnyObject? = nil) {
        self.object = object
        typeName = object.map { String(describing: type(of: $0)) } ?? ""
    }

    var isAlive: Bool { object != nil }
}
