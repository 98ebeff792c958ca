import ScenarioJSON

extension ScenarioProperty {
    /// What the property says, in words: its `description`, or one made from its rule
    /// ("the final value of 'isLoading' equals false").
    public var summary: String {
        if let description { return description }
        switch rule {
        case .final(let pattern, let expectation):
            return "the final value of \(pattern.noun) \(expectation.phrase)"
        case .never(let pattern, let after):
            return "no \(pattern.noun)" + (after.map { " after the first \($0.noun)" } ?? "")
        case .each(let pattern, let after):
            return "every \(pattern.noun) comes after \(after.withArticle)"
        case .count(let pattern, let expectation):
            return "\(pattern.noun) happens \(expectation.phrase)"
        case .goldenUpToSameInstantOrder:
            return "the timeline equals the golden up to the order of same-instant events"
        }
    }
}

extension EventPattern {
    /// `output 'results'`, `any route`, `'isLoading'`, `state 'person' with 4 elements`.
    var noun: String {
        let named = name.map { "'\($0)'" }
        var text: String
        switch (kind, named) {
        case (.outputOrState, let named?): text = named
        case (.outputOrState, nil): text = "output or state"
        case (_, let named?): text = "\(kind.rawValue) \(named)"
        case (_, nil): text = "\(kind.rawValue) of any name"
        }
        switch value {
        case .count(let count)?: text += " with \(count) element\(count == 1 ? "" : "s")"
        case .equals(let reference)?: text += " of value \(reference.phrase)"
        case nil: break
        }
        return text
    }

    /// `an output 'x'`, `a state 'person' with 4 elements`.
    var withArticle: String {
        let text = noun
        return (text.first.map { "aeiou'".contains($0) } ?? false ? "an " : "a ") + text
    }
}

extension ValueExpectation {
    /// `equals false`, `has 4 elements`.
    var phrase: String {
        switch self {
        case .equals(let reference): return "equals \(reference.phrase)"
        case .count(let count): return "has \(count) element\(count == 1 ? "" : "s")"
        }
    }
}

extension ValueReference {
    /// The literal (shortened), or what the reference names.
    var phrase: String {
        switch self {
        case .literal(let value): return PropertyCheck.shortened(value)
        case .answer(let key, let call):
            let which = call == -1 ? "the last call" : call < 0 ? "call \(call) from the end" : "call \(call)"
            return "the answer to \(which) of \(key)"
        case .answers(let key): return "the answers to the calls of \(key), in call order"
        }
    }
}

extension CountExpectation {
    /// `exactly 1 time`, `at most 2 times`.
    var phrase: String {
        func times(_ count: Int) -> String { "\(count) time\(count == 1 ? "" : "s")" }
        switch self {
        case .equals(let count): return "exactly \(times(count))"
        case .atLeast(let count): return "at least \(times(count))"
        case .atMost(let count): return "at most \(times(count))"
        }
    }

    func holds(for count: Int) -> Bool {
        switch self {
        case .equals(let wanted): return count == wanted
        case .atLeast(let wanted): return count >= wanted
        case .atMost(let wanted): return count <= wanted
        }
    }
}
