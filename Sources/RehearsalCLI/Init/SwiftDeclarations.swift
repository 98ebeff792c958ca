import Foundation

/// What `rehearsal init` reads of a team's Swift files: where a type is declared, the parameters of its
/// initialiser, whether it declares `bind()`, and the requirements of protocols.
///
/// A scanner of declarations, not a parser: comments and string literals are blanked out first, nested bodies are
/// skipped, and only declarations written the usual way are read (`init(repository: GreetingRepository)`,
/// `func greeting(for name: String) async throws -> String`). Whatever it cannot read is left to people, as an editor
/// placeholder (`<#…#>`) the compiler points at.
struct SwiftDeclarations {
    /// A type or protocol declaration.
    struct Declaration {
        /// `class`, `struct`, `actor`, `enum` or `protocol`.
        var kind: String
        var name: String
        /// The file, relative to the root.
        var file: String
        /// What follows the name up to the body (`: BaseViewModel`, `: Sendable`).
        var header: String
        /// The body's own declarations, nested bodies left out (`{}`), comments and strings blanked.
        var members: String
        /// The same range of the file as written, for copying signatures.
        var writtenMembers: String
        /// Where the body is in its file (offsets in Unicode scalars), to tell a nested type's enclosing one.
        var body: Range<Int> = 0..<0
        /// Whether one of its initialisers calls `bind()` itself (a base class that binds in `init`).
        var bindsInInit = false

        /// Whether `other` is declared inside this declaration's body.
        func encloses(_ other: Declaration) -> Bool {
            other.file == file && body.contains(other.body.lowerBound) && other.body.upperBound <= body.upperBound
        }
    }

    /// One parameter of an initialiser or method.
    struct Parameter: Equatable {
        /// The argument label; `nil` for `_`.
        var label: String?
        /// The name inside the body.
        var name: String
        /// The type as written (`GreetingRepository`, `@escaping (Result<User, Error>) -> Void`).
        var type: String
        /// Whether it has a default value (`scheduler: DispatchQueue = .main`), so a call may leave it out.
        var hasDefault = false
    }

    /// A method requirement of a protocol.
    struct Method: Equatable {
        var name: String
        var parameters: [Parameter]
        var isAsync: Bool
        var isThrowing: Bool
        /// The return type as written; `nil` for none (`Void`).
        var returnType: String?
        /// The declaration as written, without a body (`func greeting(for name: String) async throws -> String`).
        var signature: String
    }

    /// The declarations found, in file order.
    var declarations: [Declaration] = []

    /// The declarations given, as read from files.
    init(declarations: [Declaration]) {
        self.declarations = declarations
    }

    /// Reads the `.swift` files under `folders` (relative to `root`), skipping build folders and hidden ones.
    init(root: String, folders: [String]) {
        for folder in folders {
            let base = folder == "." ? root : root + "/" + folder
            let entries = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            for entry in entries.sorted() where entry.hasSuffix(".swift") {
                let parts = entry.split(separator: "/")
                if parts.contains(where: { $0.hasPrefix(".") || ["Pods", "Carthage", "DerivedData"].contains($0) }) {
                    continue
                }
                guard let data = FileManager.default.contents(atPath: base + "/" + entry) else { continue }
                let file = folder == "." ? entry : folder + "/" + entry
                declarations += Self.declarations(in: String(decoding: data, as: UTF8.self), file: file)
            }
        }
    }

    /// The declaration of the type or protocol `name`: the one nested in `enclosing` when there is one (a
    /// ViewModel's own `Config`), else the first not nested in any other.
    func declaration(of name: String, in enclosing: Declaration? = nil) -> Declaration? {
        let named = declarations.filter { $0.name == name }
        if let enclosing, let nested = named.first(where: { enclosing.encloses($0) }) { return nested }
        return named.first { candidate in !declarations.contains { $0.encloses(candidate) } } ?? named.first
    }

    /// The parameters of a struct's memberwise initialiser — its stored properties without a value, in order —
    /// when it has one others can call: no initialiser of its own, no private stored property.
    static func memberwiseInitialiser(of declaration: Declaration) -> [Parameter]? {
        guard declaration.kind == "struct",
            SwiftText.find("init", in: Array(declaration.members.unicodeScalars), from: 0) == nil
        else { return nil }
        var parameters: [Parameter] = []
        for line in declaration.members.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let keyword = words.firstIndex(where: { $0 == "let" || $0 == "var" }) else { continue }
            let modifiers = words[..<keyword]
            if modifiers.contains("static") || modifiers.contains("lazy") { continue }
            if modifiers.contains(where: { $0.hasPrefix("private") || $0.hasPrefix("fileprivate") }) { return nil }
            let rest = words[(keyword + 1)...].joined(separator: " ")
            // A value or a body ({ get }, a computed property) keeps it out of the initialiser's parameters.
            guard !rest.contains("="), !rest.contains("{"), let colon = rest.firstIndex(of: ":") else { continue }
            let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
            let type = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !type.isEmpty, !name.contains(",") else { return nil }
            parameters.append(Parameter(label: name, name: name, type: type))
        }
        return parameters
    }

    /// The declarations of one file's text.
    static func declarations(in text: String, file: String) -> [Declaration] {
        let written = Array(text.unicodeScalars)
        let blank = SwiftText.blanked(written)
        var found: [Declaration] = []
        let source = String(String.UnicodeScalarView(blank))
        let pattern = #"(?:^|[^\w.])(class|struct|actor|enum|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let scalars = source.unicodeScalars
        let ns = source as NSString
        for match in expression.matches(in: source, range: NSRange(location: 0, length: ns.length)) {
            let kind = ns.substring(with: match.range(at: 1))
            let name = ns.substring(with: match.range(at: 2))
            // Scalar offsets: NSString ranges count UTF-16, so convert through the string's indices.
            guard let end = Range(match.range, in: source)?.upperBound else { continue }
            let start = scalars.distance(from: scalars.startIndex, to: end)
            guard let open = blank[start...].firstIndex(where: { $0 == "{" || $0 == ";" || $0 == "=" }),
                blank[open] == "{", let close = SwiftText.matching(blank, from: open)
            else { continue }
            let header = String(String.UnicodeScalarView(blank[start..<open])).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let (members, writtenMembers) = SwiftText.flattened(blank, written, open + 1, close)
            found.append(
                Declaration(
                    kind: kind, name: name, file: file, header: header, members: members,
                    writtenMembers: writtenMembers, body: (open + 1)..<close,
                    bindsInInit: initialiserCallsBind(blank, (open + 1)..<close)))
        }
        return found
    }

    /// The parameters of the first initialiser of `declaration` that others can call (not `private`), or `nil`.
    static func initialiser(of declaration: Declaration) -> [Parameter]? {
        let text = Array(declaration.members.unicodeScalars)
        var index = 0
        while let found = SwiftText.find("init", in: text, from: index) {
            index = found + 4
            let before = String(String.UnicodeScalarView(text[max(0, found - 40)..<found]))
            let lastLine = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            if lastLine.contains("private") { continue }
            var cursor = found + 4
            if cursor < text.count, text[cursor] == "?" || text[cursor] == "!" { cursor += 1 }
            while cursor < text.count, text[cursor] == " " { cursor += 1 }
            guard cursor < text.count, text[cursor] == "(", let close = SwiftText.matching(text, from: cursor) else {
                continue
            }
            return parameters(String(String.UnicodeScalarView(text[(cursor + 1)..<close])))
        }
        return nil
    }

    /// The instance methods of a class others can call (not `private`, `static` or `override`), when its inputs are
    /// methods: it has no `input`, `inputs`, `inputSubject` or `action(_:)` member and no subject. Empty otherwise.
    static func inputMethods(of declaration: Declaration) -> [Method] {
        let members = declaration.members
        let portMember = #"\b(let|var)\s+(input|inputs|inputSubject)\b|\bfunc\s+action\s*\(|Subject<"#
        guard declaration.kind == "class", members.range(of: portMember, options: .regularExpression) == nil else {
            return []
        }
        return members.split(separator: "\n").compactMap { line in
            let text = String(line)
            guard let funcAt = text.range(of: "func ") else { return nil }
            let modifiers = text[..<funcAt.lowerBound].split(separator: " ")
            let excluded = ["private", "fileprivate", "static", "class", "override", "mutating"]
            guard !modifiers.contains(where: { word in excluded.contains { word.hasPrefix($0) } }) else { return nil }
            guard let method = method(text, shown: text, withBody: true), !["bind", "deinit"].contains(method.name)
            else { return nil }
            return method
        }
    }

    /// A protocol's requirement that is not a method, in declaration order.
    enum OtherRequirement: Equatable {
        /// A read-only property: `var currentUserId: String? { get }`.
        case property(name: String, type: String)
        /// One it could not read (a settable property, a generic method…), as written.
        case unread(String)
    }

    /// The method requirements of a protocol, and its other requirements (read-only properties, and those it could
    /// not read).
    static func requirements(of declaration: Declaration) -> (methods: [Method], others: [OtherRequirement]) {
        let text = Array(declaration.members.unicodeScalars)
        let written = Array(declaration.writtenMembers.unicodeScalars)
        var methods: [Method] = []
        var others: [OtherRequirement] = []
        for line in SwiftText.statements(text) {
            let statement = String(String.UnicodeScalarView(text[line])).trimmingCharacters(in: .whitespacesAndNewlines)
            let shown = String(String.UnicodeScalarView(written[line])).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !statement.isEmpty else { continue }
            if let method = method(statement, shown: shown) {
                methods.append(method)
            } else {
                others.append(readOnlyProperty(shown) ?? .unread(shown))
            }
        }
        return (methods, others)
    }

    // MARK: Reading

    /// One requirement: `func name(params) async throws -> T`, without generics.
    private static func method(_ statement: String, shown: String, withBody: Bool = false) -> Method? {
        let scalars = Array(statement.unicodeScalars)
        guard let funcAt = SwiftText.find("func", in: scalars, from: 0) else { return nil }
        var cursor = funcAt + 4
        while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
        let nameStart = cursor
        while cursor < scalars.count,
            scalars[cursor].properties.isAlphabetic || scalars[cursor] == "_"
                || ("0"..."9").contains(scalars[cursor])
        {
            cursor += 1
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<cursor]))
        guard !name.isEmpty, cursor < scalars.count, scalars[cursor] == "(",
            let close = SwiftText.matching(scalars, from: cursor)
        else { return nil }
        let prefix = String(String.UnicodeScalarView(scalars[..<funcAt]))
        guard !prefix.contains("static"), !prefix.contains("mutating") else { return nil }
        var effects = String(String.UnicodeScalarView(scalars[(close + 1)...]))
        if withBody, let body = effects.firstIndex(of: "{") { effects = String(effects[..<body]) }
        guard !effects.contains(" where ") else { return nil }
        let arrow = effects.range(of: "->")
        let before = arrow.map { String(effects[..<$0.lowerBound]) } ?? effects
        var returnType = arrow.map { String(effects[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
        if returnType == "Void" || returnType == "()" { returnType = nil }
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard words.allSatisfy({ ["async", "throws"].contains($0) }) else { return nil }
        return Method(
            name: name, parameters: parameters(String(String.UnicodeScalarView(scalars[(cursor + 1)..<close]))),
            isAsync: words.contains("async"), isThrowing: words.contains("throws"), returnType: returnType,
            signature: shown.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " "))
    }

    /// A read-only property requirement (`var currentUserId: String? { get }`), else nil.
    private static func readOnlyProperty(_ requirement: String) -> OtherRequirement? {
        guard requirement.hasPrefix("var "), let colon = requirement.firstIndex(of: ":"),
            let brace = requirement.firstIndex(of: "{"), colon < brace
        else { return nil }
        let accessors = requirement[requirement.index(after: brace)...].filter { !$0.isWhitespace }
        guard accessors == "get}" else { return nil }
        let name = requirement[requirement.index(requirement.startIndex, offsetBy: 4)..<colon]
            .trimmingCharacters(in: .whitespaces)
        let type = requirement[requirement.index(after: colon)..<brace].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !type.isEmpty else {
            return nil
        }
        return .property(name: name, type: type)
    }

    /// `label name: Type = default, …` read into parameters.
    private static func parameters(_ list: String) -> [Parameter] {
        SwiftText.splitAtTopLevel(Array(list.unicodeScalars), separator: ",").compactMap { part in
            let text = part.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let names = text[..<colon].split(separator: " ").map(String.init)
            var type = String(text[text.index(after: colon)...])
            let sides = SwiftText.splitAtTopLevel(Array(type.unicodeScalars), separator: "=")
            if let declared = sides.first { type = declared }
            type = type.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let name = names.last else { return nil }
            let label = names.count > 1 ? names[0] : name
            return Parameter(label: label == "_" ? nil : label, name: name, type: type, hasDefault: sides.count > 1)
        }
    }
}
