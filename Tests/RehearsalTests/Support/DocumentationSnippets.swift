import Foundation

/// The Swift snippets of the README and `docs/`, each checked against the file that `make test` builds it in.
///
/// A snippet is a ```` ```swift ```` block. The line before it names where it is built:
/// `<!-- built in Tests/…/Package.swift -->`, optionally with what the page writes differently from that file:
/// `<!-- built in Package.swift, where "../Rehearsal" reads "../../../.." -->` (the page shows a team's path, the
/// fixture its own). A snippet line `// …` (or `…`) stands for lines left out. Comments and spacing do not count:
/// the page may explain a line the file does not.
struct DocumentationSnippet: CustomStringConvertible {
    /// The page, relative to the package root, and the line of the ```` ```swift ```` fence (1-based).
    var page: String
    var line: Int
    /// The files named by the marker (`A + B`), relative to the package root; nil when the marker is missing.
    var builtIn: String?
    /// What the page writes (first) where the file writes the second.
    var replacements: [(page: String, file: String)]
    /// The snippet's lines, split at `…` lines into parts that must appear in this order in the file.
    var parts: [[String]]

    var description: String { "\(page):\(line)" }

    /// Why the snippet is not what the file builds, or nil when it is.
    func mismatch(root: URL) -> String? {
        guard let builtIn else {
            return "\(self): a swift snippet with no `<!-- built in PATH -->` line before it; "
                + "name the file make test builds it in"
        }
        var file: [String] = []
        for path in builtIn.components(separatedBy: " + ") {
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                return "\(self): \(path) does not exist; name a file of this package that make test builds"
            }
            file += Self.normalised(text.components(separatedBy: "\n"))
        }
        var from = 0
        for part in parts {
            let expected = part.map { line in
                replacements.reduce(line) { $0.replacingOccurrences(of: $1.page, with: $1.file) }
            }
            guard let found = Self.firstIndex(of: expected, in: file, from: from) else {
                return "\(self): these lines are not in \(builtIn) (after what the snippet showed before them):\n  "
                    + expected.joined(separator: "\n  ")
            }
            from = found + expected.count
        }
        return nil
    }

    /// Every swift snippet of `page` (a Markdown file).
    static func snippets(ofPage page: String, root: URL) throws -> [DocumentationSnippet] {
        let lines = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            .components(separatedBy: "\n")
        var snippets: [DocumentationSnippet] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix("```swift") else { continue }
            let marker = index > 0 ? Self.marker(lines[index - 1]) : nil
            var body: [String] = []
            var end = index + 1
            while end < lines.count, !lines[end].hasPrefix("```") {
                body.append(lines[end])
                end += 1
            }
            let parts = Self.split(body)
            snippets.append(
                DocumentationSnippet(
                    page: page, line: index + 1, builtIn: marker?.path, replacements: marker?.replacements ?? [],
                    parts: parts))
            index = end
        }
        return snippets
    }

    /// The Markdown pages: README.md and every `.md` file under `docs/`, sorted.
    static func pages(root: URL) -> [String] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    private static func marker(_ line: String) -> (path: String, replacements: [(page: String, file: String)])? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- built in "), trimmed.hasSuffix("-->") else { return nil }
        let inner = trimmed.dropFirst("<!-- built in ".count).dropLast("-->".count)
            .trimmingCharacters(in: .whitespaces)
        let pieces = inner.components(separatedBy: ", where ")
        let path = pieces[0]
        guard pieces.count > 1 else { return (path, []) }
        let pairs = pieces[1].components(separatedBy: "\" and \"").map { pair in
            pair.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).components(separatedBy: "\" reads \"")
        }
        return (path, pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
    }

    private static func split(_ body: [String]) -> [[String]] {
        var parts: [[String]] = [[]]
        for line in body {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "…" || trimmed.hasPrefix("// …") {
                parts.append([])
            } else {
                let normal = normalised([line])
                parts[parts.count - 1].append(contentsOf: normal)
            }
        }
        return parts.filter { !$0.isEmpty }
    }

    /// Lines without `//` comments (outside string literals) and with spacing collapsed; empty lines dropped.
    static func normalised(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            var code = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if character == "\"" { inString.toggle() }
                if !inString, character == "/", previous == "/" {
                    code.removeLast()
                    break
                }
                code.append(character)
                previous = character
            }
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            return words.isEmpty ? nil : words
        }
    }

    private static func firstIndex(of part: [String], in file: [String], from: Int) -> Int? {
        guard part.count <= file.count else { return nil }
        var start = from
        while start + part.count <= file.count {
            if Array(file[start..<(start + part.count)]) == part { return start }
            start += 1
        }
        return nil
    }
}
