import ScenarioJSON

/// Where a value sits inside a timeline event, as a value: `value[0].name` is the member `value`, its element 0,
/// then that element's member `name`.
///
/// Diffs name the values that differ with it, and a scenario's masks select values with it (a mask may use `[*]`,
/// every element of an array or member of an object):
/// ```swift
/// let path = try ValuePath(parsing: "value[*].id")
/// path.description                                  // "value[*].id"
/// path.matches(ValuePath([.member("value"), .index(2), .member("id")]))   // true
/// ```
/// Member names that are not identifiers are quoted: `args["page size"]`.
public struct ValuePath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// An object's member.
        case member(String)
        /// An array's element (0-based).
        case index(Int)
        /// Every element of an array, or every member of an object (masks only).
        case any
    }

    /// The steps from the event down to the value; empty for the event itself.
    public var components: [Component]

    /// Creates a path.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// This path followed by `component`.
    public func appending(_ component: Component) -> ValuePath {
        ValuePath(components + [component])
    }

    /// `value[0].name`, `args["page size"]`, `value[*].id`.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .member(let name) where Self.isIdentifier(name):
                text += text.isEmpty ? name : "." + name
            case .member(let name): text += "[\(JSONWriter.quoted(name))]"
            case .index(let index): text += "[\(index)]"
            case .any: text += "[*]"
            }
        }
        return text
    }

    /// Whether the path ends at an array element (an element is inserted; a member is added).
    public var isElement: Bool {
        if case .index? = components.last { return true }
        return false
    }

    /// Whether `path` (a concrete path, without `[*]`) is selected by this one, component by component.
    public func matches(_ path: ValuePath) -> Bool {
        guard components.count == path.components.count else { return false }
        return zip(components, path.components).allSatisfy { pattern, component in
            pattern == .any || pattern == component
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}

extension ValuePath {
    /// Why a path's text does not parse: what was expected, at which character (0-based) of the text.
    public struct ParseError: Error, Equatable, Sendable {
        /// The character offset in the text.
        public var offset: Int
        /// "expected …, found …".
        public var message: String
    }

    /// Parses `value[0].name`, `args["page size"]`, `value[*].id`: identifiers joined by `.`, and `[n]`, `[*]` or
    /// `["name"]` after any of them.
    /// - Throws: ``ParseError`` at the first character that does not fit.
    public init(parsing text: String) throws(ParseError) {
        var parser = Parser(characters: Array(text))
        self.init(try parser.components())
    }

    private struct Parser {
        let characters: [Character]
        var position = 0

        mutating func components() throws(ParseError) -> [Component] {
            guard !characters.isEmpty else {
                throw ParseError(offset: 0, message: "expected a path such as value[*].id, found nothing")
            }
            var result: [Component] = []
            if characters[0] != "[" { result.append(.member(try identifier())) }
            while position < characters.count {
                switch characters[position] {
                case ".":
                    position += 1
                    result.append(.member(try identifier()))
                case "[":
                    result.append(try bracket())
                default:
                    throw ParseError(
                        offset: position,
                        message: "expected '.' or '[' after \(described(result)), found "
                            + "'\(characters[position])'")
                }
            }
            return result
        }

        private func described(_ components: [Component]) -> String {
            "'\(QuotedText.elided(ValuePath(components).description))'"
        }

        private mutating func identifier() throws(ParseError) -> String {
            let start = position
            while position < characters.count,
                characters[position] == "_" || characters[position].isLetter
                    || (position > start && characters[position].isNumber)
            {
                position += 1
            }
            guard position > start else {
                let found = position < characters.count ? "'\(characters[position])'" : "the end"
                throw ParseError(offset: position, message: "expected a member name, found \(found)")
            }
            return String(characters[start..<position])
        }

        private mutating func bracket() throws(ParseError) -> Component {
            let open = position
            position += 1
            let component: Component
            if position < characters.count, characters[position] == "*" {
                position += 1
                component = .any
            } else if position < characters.count, characters[position] == "\"" {
                component = .member(try quoted())
            } else {
                let start = position
                while position < characters.count, characters[position].isASCII, characters[position].isNumber {
                    position += 1
                }
                guard position > start, let index = Int(String(characters[start..<position])) else {
                    throw ParseError(
                        offset: open,
                        message: "expected [n], [*] or [\"name\"] after '[', found "
                            + (start < characters.count ? "'\(characters[start])'" : "the end"))
                }
                component = .index(index)
            }
            guard position < characters.count, characters[position] == "]" else {
                throw ParseError(offset: open, message: "expected ']' to close the '[' here")
            }
            position += 1
            return component
        }

        private mutating func quoted() throws(ParseError) -> String {
            let open = position
            position += 1
            var name = ""
            while position < characters.count, characters[position] != "\"" {
                if characters[position] == "\\", position + 1 < characters.count { position += 1 }
                name.append(characters[position])
                position += 1
            }
            guard position < characters.count else {
                throw ParseError(offset: open, message: "expected '\"' to end the member name")
            }
            position += 1
            return name
        }
    }
}

extension ValuePath: Codable {
    /// Reads what ``encode(to:)`` writes: members as strings, indices as integers, `[*]` as `null`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var components: [Component] = []
        while !container.isAtEnd {
            switch try container.decode(JSONValue.self) {
            case .null: components.append(.any)
            case .integer(let index): components.append(.index(Int(clamping: index)))
            case .string(let name): components.append(.member(name))
            default:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a member name, an index or null in a value path")
            }
        }
        self.init(components)
    }

    /// Writes the components as an array: `["value", 0, "name"]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for component in components {
            switch component {
            case .member(let name): try container.encode(name)
            case .index(let index): try container.encode(index)
            case .any: try container.encodeNil()
            }
        }
    }
}
