import Foundation

/// The types of a test target that ask for generated scenario tests: a declaration (or extension) whose
/// inheritance list names `ScenarioTestCase` (XCTest) or `ScenarioSuite` (Swift Testing).
enum SuiteDeclarations {
    /// Which test framework a type's generated tests are for.
    enum Framework: String {
        case xctest = "ScenarioTestCase"
        case swiftTesting = "ScenarioSuite"
    }

    /// One type to extend with generated tests.
    struct Suite: Equatable {
        var name: String
        var framework: Framework
    }

    /// The suites declared in `files`, in file order, each once per framework.
    static func find(in files: [URL]) throws -> [Suite] {
        var found: [Suite] = []
        for file in files {
            let text = withoutComments(try String(contentsOf: file, encoding: .utf8))
            for suite in declarations(in: text) where !found.contains(suite) {
                found.append(suite)
            }
        }
        return found
    }

    /// `class|struct|enum|actor|extension Name … : A, B, … {` whose list names one of the protocols (`Name` may be
    /// qualified, `Outer.ScenarioTests`, for an extension; a type must be reachable by that name at the top level).
    static func declarations(in text: String) -> [Suite] {
        let pattern =
            #"\b(?:class|struct|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>{]*>)?\s*:\s*([^{]*)\{"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).flatMap { match -> [Suite] in
            guard let nameRange = Range(match.range(at: 1), in: text),
                let listRange = Range(match.range(at: 2), in: text)
            else { return [] }
            let inherited = text[listRange].split(whereSeparator: { ",& \n\t".contains($0) }).map {
                $0.split(separator: ".").last.map(String.init) ?? ""
            }
            return [Framework.xctest, .swiftTesting].filter { inherited.contains($0.rawValue) }.map {
                Suite(name: String(text[nameRange]), framework: $0)
            }
        }
    }

    /// `text` with `//` and `/* */` comments blanked out (string literals are not parsed: a declaration inside one
    /// would be found, which is harmless for the files of a test target).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                let end = rest.range(of: "*/")?.upperBound ?? text.endIndex
                result += String(repeating: "\n", count: text[index..<end].filter { $0 == "\n" }.count)
                index = end
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
