import ScenarioJSON
import VirtualTime

extension ScenarioRun {
    /// Plays the steps in order at their instants: each `send` or `set` is recorded as the input it delivers, then
    /// delivered, then everything it started runs as far as it can at that instant.
    @MainActor
    func playSteps(
        _ ports: Ports, timeline: VirtualEventLoop, recorder: TimelineRecorder, control: (any RunControl)?,
        skipping skipped: Set<Int>
    ) throws {
        for step in scenario.steps where !skipped.contains(step.index) {
            // A thread sleep in earlier work may have moved time past the step (reported): the step then runs late.
            if let control {
                _ = try timeline.advance(to: max(step.at, timeline.now)) { control.deliversEarly(step) }
            } else {
                try timeline.advance(to: max(step.at, timeline.now))
            }
            let name: String
            let value: JSONValue?
            let valuePointer: JSONPointer
            let sets: Bool
            switch step.action {
            case .wait: continue
            case .send(let sent, let sentValue, _, let pointer):
                (name, value, valuePointer, sets) = (sent, sentValue, pointer, false)
            case .set(let property, let setValue, _, let pointer):
                (name, value, valuePointer, sets) = (property, setValue, pointer, true)
            }
            try timeline.withCause(.step(step.index)) {
                recorder.record(.input(name: name, value: value))
                if !sets {
                    let heardBy = listeners(of: name, in: ports)
                    switch heardBy {
                    case 0?: unheard.add(step: step.index, input: name)
                    case .some: unheard.heard()
                    case nil: break
                    }
                    // Only a send heard more than once can show an input bound twice.
                    if let heardBy, heardBy > 1 {
                        repeatedBinding.sent(
                            name, step: step.index, heardBy: heardBy, in: scenario,
                            caseOf: !ports.inputs.contains { $0.name == name })
                    }
                }
                let delivery = InputDelivery(
                    value: value, scenario: scenario, valuePointer: valuePointer,
                    stepPointer: step.pointer, inputName: name)
                do {
                    if sets {
                        try set(delivery, name: name, ports: ports)
                    } else {
                        try deliver(delivery, to: name, ports: ports)
                    }
                } catch let error as JSONError {
                    // The step's value does not fit the input: the scenario file is what to fix.
                    findings.add(Finding(.invalid, error.diagnostic, step: scenario.stepReference(step.index)))
                } catch {
                    findings.add(
                        Finding(
                            .input, scenario.document.diagnostic(at: valuePointer, "\(error)", hint: "check the value"),
                            step: scenario.stepReference(step.index)))
                }
                try timeline.settle()
            }
        }
    }

    /// How many of the ViewModel's subscribers listen to input `name` now, when that can be known.
    @MainActor
    private func listeners(of name: String, in ports: Ports) -> Int? {
        if let port = ports.inputs.first(where: { $0.name == name }) { return port.listeners?() }
        return ports.enumInput?.listeners?()
    }

    /// Sets a `@Published` property, or a `CurrentValueSubject` input (its value, as a `send` would).
    @MainActor
    private func set(_ delivery: InputDelivery, name: String, ports: Ports) throws {
        if let settable = ports.settables.first(where: { $0.name == name }) {
            try settable.set(delivery)
        } else if let port = ports.inputs.first(where: { $0.name == name && $0.settable }) {
            try port.deliver(delivery)
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

}
