/// The text helpers of `SwiftDeclarations`, over Swift source as Unicode scalars so that offsets are stable: comments
/// and strings blanked, brackets matched, words found, statements and lists cut at the top level.
enum SwiftText {
    /// The text with comments and string literals replaced by spaces (newlines kept), so offsets stay the same.
    static func blanked(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out = text
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where out[position] != "\n" { out[position] = " " }
        }
        while index < text.count {
            let next = index + 1 < text.count ? text[index + 1] : " "
            if text[index] == "/", next == "/" {
                let end = text[index...].firstIndex(of: "\n") ?? text.count
                blank(index..<end)
                index = end
            } else if text[index] == "/", next == "*" {
                var depth = 0
                var cursor = index
                repeat {
                    if cursor + 1 < text.count, text[cursor] == "/", text[cursor + 1] == "*" {
                        depth += 1
                        cursor += 2
                    } else if cursor + 1 < text.count, text[cursor] == "*", text[cursor + 1] == "/" {
                        depth -= 1
                        cursor += 2
                    } else {
                        cursor += 1
                    }
                } while depth > 0 && cursor < text.count
                blank(index..<cursor)
                index = cursor
            } else if text[index] == "\"" {
                let triple = index + 2 < text.count && text[index + 1] == "\"" && text[index + 2] == "\""
                var cursor = index + (triple ? 3 : 1)
                while cursor < text.count {
                    if text[cursor] == "\\" {
                        cursor += 2
                        continue
                    }
                    if triple {
                        if cursor + 2 < text.count, text[cursor] == "\"", text[cursor + 1] == "\"",
                            text[cursor + 2] == "\""
                        {
                            cursor += 3
                            break
                        }
                    } else if text[cursor] == "\"" || text[cursor] == "\n" {
                        cursor += 1
                        break
                    }
                    cursor += 1
                }
                blank((index + 1)..<max(index + 1, min(cursor, text.count) - 1))
                index = cursor
            } else {
                index += 1
            }
        }
        return out
    }

    /// The index of the bracket closing the one at `open` (`{`, `(`), or `nil`.
    static func matching(_ text: [Unicode.Scalar], from open: Int) -> Int? {
        let pairs: [Unicode.Scalar: Unicode.Scalar] = ["{": "}", "(": ")", "[": "]"]
        guard let closing = pairs[text[open]] else { return nil }
        var depth = 0
        for index in open..<text.count {
            if text[index] == text[open] { depth += 1 }
            if text[index] == closing {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The text between `start` and `end` with nested `{…}` bodies blanked (on one line, so that statements stay
    /// apart), blanked and as written; both the same length.
    static func flattened(_ blank: [Unicode.Scalar], _ written: [Unicode.Scalar], _ start: Int, _ end: Int)
        -> (String, String)
    {
        var kept = String.UnicodeScalarView()
        var shown = String.UnicodeScalarView()
        var index = start
        while index < end {
            if blank[index] == "{", let close = matching(blank, from: index), close < end {
                kept.append("{")
                kept.append(contentsOf: Array(repeating: " ", count: close - index - 1))
                kept.append("}")
                shown.append(contentsOf: written[index...close].map { $0 == "\n" ? " " : $0 })
                index = close + 1
                continue
            }
            kept.append(blank[index])
            shown.append(written[index])
            index += 1
        }
        return (String(kept), String(shown))
    }

    /// The start of the word `word` in `text` at or after `from`, not part of a longer name.
    static func find(_ word: String, in text: [Unicode.Scalar], from: Int) -> Int? {
        let target = Array(word.unicodeScalars)
        var index = from
        func isName(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar)
        }
        while index + target.count <= text.count {
            if Array(text[index..<(index + target.count)]) == target,
                index == 0 || !isName(text[index - 1]),
                index + target.count == text.count || !isName(text[index + target.count])
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The ranges of a protocol body's statements: each starts at a line that begins a declaration and runs until
    /// the next one (a requirement may span lines inside its parentheses).
    static func statements(_ text: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var depth = 0
        for index in 0..<text.count {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth = max(0, depth - (index > 0 && text[index - 1] == "-" ? 0 : 1))
            case "\n", ";":
                if depth == 0 {
                    ranges.append(start..<index)
                    start = index + 1
                }
            default: break
            }
        }
        ranges.append(start..<text.count)
        return ranges
    }

    /// `text` cut at `separator` outside brackets.
    static func splitAtTopLevel(_ text: [Unicode.Scalar], separator: Unicode.Scalar) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        for (index, scalar) in text.enumerated() {
            switch scalar {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">": if index == 0 || text[index - 1] != "-" { depth -= 1 }
            default: break
            }
            if scalar == separator, depth == 0 {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !String(current).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(String(current)) }
        return parts
    }
}
