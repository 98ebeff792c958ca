import Foundation

/// The bind rules of `rehearsal init`: whether a ViewModel's catalog entry binds it (`.bind { $0.bind() }`), or the
/// ViewModel binds itself and a second bind would subscribe twice.
extension SwiftDeclarations {
    /// Whether the catalog's entry must bind a ViewModel of `declaration` (`.bind { $0.bind() }`): it declares a
    /// `bind()` others can call (not `private`), and neither it nor a superclass found among the declarations calls
    /// `bind()` in an initialiser, which would bind it a second time.
    func needsBind(_ declaration: Declaration) -> Bool {
        let line = declaration.members.split(separator: "\n").first {
            $0.range(of: #"\bfunc\s+bind\s*\(\s*\)"#, options: .regularExpression) != nil
        }
        guard let line, !line.contains("private") else { return false }
        var current: Declaration? = declaration
        var seen: Set<String> = []
        while let type = current, seen.insert(type.name).inserted {
            if type.bindsInInit { return false }
            let superclass = type.header.drop { $0 == ":" || $0 == " " }.prefix {
                $0.isLetter || $0.isNumber || $0 == "_"
            }
            current = superclass.isEmpty ? nil : self.declaration(of: String(superclass))
        }
        return true
    }

    /// Whether an initialiser in `body` (of the blanked text) calls `bind()` or `self.bind()`.
    static func initialiserCallsBind(_ text: [Unicode.Scalar], _ body: Range<Int>) -> Bool {
        var index = body.lowerBound
        while let found = SwiftText.find("init", in: text, from: index), found < body.upperBound {
            index = found + 4
            guard let open = text[index..<body.upperBound].firstIndex(of: "("),
                let close = SwiftText.matching(text, from: open),
                let brace = text[close..<body.upperBound].firstIndex(where: { $0 == "{" || $0 == "}" }),
                text[brace] == "{", let end = SwiftText.matching(text, from: brace)
            else { continue }
            let initBody = String(String.UnicodeScalarView(text[brace..<end]))
            if initBody.range(of: #"(^|[^\w.]|self\.)bind\s*\(\s*\)"#, options: .regularExpression) != nil {
                return true
            }
            index = end
        }
        return false
    }
}
