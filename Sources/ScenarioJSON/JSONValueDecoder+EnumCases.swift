import RehearsalBase

/// Members of an object that are no key of the type decoding it, noted when the type asked for all keys (a
/// synthesised enum `Decodable` does: `{"offline": {}}` names the case). When the type then fails, the error is the
/// unknown case, located at its key, with a did-you-mean from the keys the type accepts.
struct _JSONUnknownMembers {
    /// The members that are no key, in the object's order.
    var names: [String]
    /// Whether a string is a key of the type (`CodingKey.init(stringValue:)`).
    var isKey: (String) -> Bool
}

extension _JSONValueDecoder {
    /// The error for `type` failing after its container listed `unknown` members that are not its keys: `unknown case
    /// "ofline" of RecipeError` at the key, hinting at the closest case (of those a `CaseIterable` type lists, else of
    /// the enum's declared cases it accepts as keys, else one edit away) and listing the cases (a `CaseIterable`
    /// type's, else the declared ones, those with a payload first).
    /// `byName`: the case was written by its name alone (`"offline"`), which only a case without a payload may be,
    /// so only those are suggested and listed.
    func unknownCaseError<T>(_ type: T.Type, _ unknown: _JSONUnknownMembers, byName: Bool = false) -> JSONError {
        let name = unknown.names[0]
        let typeName = String(describing: type)
        var cases = Self.caseNames(of: type)
        // A type that cannot list its cases still has their names in its field records: the one closest to `name`
        // that the type accepts as a key (its coding keys may name them otherwise).
        var declared = cases == nil ? EnumCases.declaredNames(of: type)?.filter(unknown.isKey) : nil
        var accepted = unknown.isKey
        if byName, let payloadless = EnumCases.declaredNames(of: type, payloadless: true) {
            cases = cases?.filter(payloadless.contains)
            declared = declared?.filter(payloadless.contains)
            accepted = { unknown.isKey($0) && payloadless.contains($0) }
        }
        let near =
            cases.flatMap { Suggestion.closest(to: name, in: $0) }
            ?? declared.flatMap { Suggestion.closest(to: name, in: $0) }
            ?? Self.oneEditAway(name, accepted: accepted)
        let listed = (cases ?? declared).flatMap { $0.isEmpty ? nil : $0 }
        let list = listed.map { " Cases: " + $0.joined(separator: ", ") } ?? ""
        let hint =
            near.map { "did you mean \(JSONWriter.quoted($0))?" + list }
            ?? (listed.map { "use one of the cases: " + $0.joined(separator: ", ") }
                ?? "write one case of \(typeName) as the object's only key, e.g. {\"<case>\": {}}")
        var error = JSONError(
            message: "unknown case \(JSONWriter.quoted(name)) of \(typeName)", hint: hint,
            pointer: path.pointer.appending(name), codingPath: path.text)
        error.isAboutKey = true
        return error
    }

    /// The case names of a `CaseIterable` type, in declaration order; nil for other types.
    static func caseNames<T>(of type: T.Type) -> [String]? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        return names(iterable)
    }

    private static func names<C: CaseIterable>(_ type: C.Type) -> [String] {
        C.allCases.map { value in
            // A case with a payload is a child labelled with its name; one without is its own description.
            Mirror(reflecting: value).children.first?.label ?? String(describing: value)
        }
    }

    /// The first string one edit from `name` (a letter inserted, removed, replaced, or two swapped) that `accepted`
    /// takes, trying the name's own letters before the alphabet's: a key type cannot list its keys, but it can say
    /// whether a string is one.
    static func oneEditAway(_ name: String, accepted: (String) -> Bool) -> String? {
        let letters = Array(name)
        var alphabet: [Character] = []
        for letter in letters + Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        where !alphabet.contains(letter) {
            alphabet.append(letter)
        }
        func check(_ candidate: [Character]) -> String? {
            let text = String(candidate)
            return text != name && accepted(text) ? text : nil
        }
        for index in letters.indices {
            var removed = letters
            removed.remove(at: index)
            if let found = check(removed) { return found }
        }
        for index in letters.indices.dropLast() {
            var swapped = letters
            swapped.swapAt(index, index + 1)
            if let found = check(swapped) { return found }
        }
        for letter in alphabet {
            for index in 0...letters.count {
                var inserted = letters
                inserted.insert(letter, at: index)
                if let found = check(inserted) { return found }
            }
            for index in letters.indices where letters[index] != letter {
                var replaced = letters
                replaced[index] = letter
                if let found = check(replaced) { return found }
            }
        }
        return nil
    }
}
