import Foundation

/// The `transform(input:)` shape of `rehearsal init`: a ViewModel that takes its inputs as publishers once and hands
/// back its outputs (`func transform(input: Input) -> Output`), which its catalog entry calls with inputs declared
/// by name and whose outputs it records (`context.outputs`).
extension SwiftDeclarations {
    /// What `transform(input:)` takes: the input type as written (`Input`, `LoginViewModel.Input`), and its
    /// initialiser's parameters when they can be read (an explicit initialiser, or a struct's memberwise one).
    struct TransformInput {
        var typeName: String
        var parameters: [Parameter]?
    }

    /// The input of `declaration`'s `transform(input:)`, when it has one others can call (not `private`).
    func transformInput(of declaration: Declaration) -> TransformInput? {
        let pattern = #"\bfunc\s+transform\s*\(\s*input(\s+\w+)?\s*:\s*[\w.]+\s*\)"#
        let found = declaration.members.split(separator: "\n").lazy.compactMap { line in
            line.range(of: pattern, options: .regularExpression).map { (line: line, match: $0) }
        }.first
        guard let found, !found.line.contains("private"), let colon = found.line[found.match].lastIndex(of: ":")
        else { return nil }
        let typeName = found.line[found.line.index(after: colon)..<found.match.upperBound].trimmingCharacters(
            in: CharacterSet(charactersIn: " )"))
        let inputName = String(typeName.split(separator: ".").last ?? Substring(typeName))
        let input = self.declaration(of: inputName, in: declaration)
        let parameters = input.flatMap { Self.initialiser(of: $0) ?? Self.memberwiseInitialiser(of: $0) }
        return TransformInput(typeName: typeName, parameters: parameters)
    }
}
