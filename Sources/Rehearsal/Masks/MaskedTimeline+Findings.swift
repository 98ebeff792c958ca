import ScenarioJSON

extension MaskedTimeline {
    /// What the masks of `scenario` got wrong in this run, each located at the mask: a value of another shape than
    /// its mask says (`.golden`: the run differs from what the golden allows), and a mask that selects no event or
    /// no value (`.invalid`: a misspelt name or path), with "did you mean" from the run's own events.
    func findings(_ scenario: Scenario) -> [Finding] {
        var found: [Finding] = []
        let writer = JSONWriter(style: .spaced)
        for (index, mask) in scenario.masks.enumerated() {
            let misfits = self.misfits.filter { $0.mask.pointer == mask.pointer }
            if let first = misfits.first {
                let actual = ValueShape.common(first.value, first.value)
                let more = misfits.count > 1 ? " (and \(misfits.count - 1) more)" : ""
                found.append(
                    Finding(
                        .golden,
                        scenario.document.diagnostic(
                            at: mask.pointer.appending("as"),
                            "mask \(index) expects \(article(mask.shape)) at \(mask.kind.rawValue) "
                                + "\(writer.string(.string(mask.shownName))) \(QuotedText.elided(first.path.description)), found "
                                + "\(writer.string(first.value)) (the event at \(first.event.at))\(more)",
                            hint: "fix the ViewModel, or make 'as' the value's shape (\(actual.rawValue))")))
            }
            guard counts[index].events > 0 else {
                let names = eventNames(of: mask.kind)
                let list = names.isEmpty ? "none" : names.joined(separator: ", ")
                found.append(
                    Finding(
                        .invalid,
                        scenario.document.diagnostic(
                            at: mask.pointer.appending(mask.kind.rawValue),
                            "mask \(index) is about \(mask.kind.rawValue) \(writer.string(.string(mask.shownName))), which is not in "
                                + "the run's timeline",
                            hint: Suggestion.closest(to: mask.name, in: names).map {
                                "did you mean '\($0)'? The run's \(mask.kind.rawValue) events: \(list)"
                            } ?? "name an event of the run; its \(mask.kind.rawValue) events: \(list)")))
                continue
            }
            guard counts[index].values == 0, misfits.isEmpty else { continue }
            let paths = valuePaths(selectedBy: mask)
            let events = counts[index].events
            found.append(
                Finding(
                    .invalid,
                    scenario.document.diagnostic(
                        at: mask.pointer.appending("path"),
                        "mask \(index) selects no value at \(QuotedText.elided(mask.path.description)) in the \(events) "
                            + "\(mask.kind.rawValue) \(writer.string(.string(mask.shownName))) event\(events == 1 ? "" : "s")",
                        hint: Suggestion.closest(to: mask.path.description, in: paths).map {
                            "did you mean '\($0)'? Paths: \(paths.joined(separator: ", "))"
                        } ?? "use a path of the event's values: \(paths.joined(separator: ", "))")))
        }
        return found
    }

    /// The names the run's events of `kind` have, in first-seen order.
    private func eventNames(of kind: TimelineEvent.Label) -> [String] {
        var names: [String] = []
        for event in timeline.events where event.kind.label == kind && !names.contains(event.kind.name) {
            names.append(event.kind.name)
        }
        return names
    }

    /// Every path to a leaf of the events `mask` selects, elements as `[*]` (`value[*].id`), in first-seen order
    /// (empty arrays and objects have none).
    private func valuePaths(selectedBy mask: ValueMask) -> [String] {
        var paths: [String] = []
        func walk(_ value: JSONValue, _ path: ValuePath) {
            switch value {
            case .object(let object):
                for (key, member) in object { walk(member, path.appending(.member(key))) }
            case .array(let elements):
                for element in elements { walk(element, path.appending(.any)) }
            default:
                let text = path.description
                if !text.isEmpty, !paths.contains(text) { paths.append(text) }
            }
        }
        for event in timeline.events where mask.selects(event) {
            for member in event.kind.values.members { walk(member.value, ValuePath([.member(member.key)])) }
        }
        return paths
    }

    private func article(_ shape: ValueShape) -> String {
        switch shape {
        case .uuid: "a UUID"
        case .date: "a date"
        case .number: "a number"
        case .string: "a string"
        case .any: "any value"
        }
    }
}
