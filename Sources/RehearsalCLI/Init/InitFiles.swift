import Foundation

/// The files `rehearsal init` writes from an ``InitPlan`` and the team's declarations: the package lines, the
/// catalog with one entry per ViewModel type, the scripted mocks of the protocols their initialisers take, the
/// executable's `main.swift`, the test file with the plugin, the `.gitignore` entry and the editor's schema mapping.
struct InitFiles {
    let plan: InitPlan
    let declarations: SwiftDeclarations

    /// `Package.swift`: the app's ViewModel target, the catalog, the executable and the test target.
    var manifest: String {
        var lines = [
            "// swift-tools-version:6.0",
            "// Written by `rehearsal init`: the app's ViewModel files built on Linux with Rehearsal (see its docs/adoption.md).",
            "import PackageDescription", "", "let package = Package(",
            "    name: \(quoted(plan.name + "Rehearsal")),", "    platforms: [.macOS(.v14)],",
            "    dependencies: [\(plan.dependency)],", "    targets: [",
        ]
        lines += targetLines.map { "        " + $0 }
        lines += ["    ]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// The targets, as a manifest's `targets:` lists them.
    var targetLines: [String] {
        viewModelTargetLines + [
            "// `swift run \(plan.executable) run`: the command line with this app's catalog.",
            ".executableTarget(",
            "    name: \(quoted(plan.executable)),",
            "    dependencies: [\(quoted(plan.catalogModule)), .product(name: \"RehearsalCLI\", package: \"Rehearsal\")],",
            "    path: \"Rehearsal/CLI\"", "),",
            "// `swift test`: one test per scenario file, compared with its golden.",
            ".testTarget(",
            "    name: \(quoted(plan.testTarget)),",
            "    dependencies: [\(quoted(plan.catalogModule)), .product(name: \"RehearsalTesting\", package: \"Rehearsal\")],",
            "    path: \"Rehearsal/Tests\",",
            "    plugins: [.plugin(name: \"RehearsalScenarioTests\", package: \"Rehearsal\")]", "),",
        ]
    }

    /// The app's ViewModel target and the catalog's, which follow the folder the ViewModel files are in.
    var viewModelTargetLines: [String] {
        let products = plan.products.map { ".product(name: \(quoted($0)), package: \"Rehearsal\")" }
        let rehearsal = [".product(name: \"Rehearsal\", package: \"Rehearsal\")"]
        var app = [
            "// The app's ViewModel files, unchanged: their imports, internal access, Swift 5 mode.", ".target(",
            "    name: \(quoted(plan.module)),", "    dependencies: [\(products.joined(separator: ", "))],",
            "    path: \(quoted(plan.sources)),",
        ]
        if !plan.excluded.isEmpty {
            app.append(
                "    exclude: [\(plan.excluded.map(quoted).joined(separator: ", "))],   // view files do not build on "
                    + "Linux")
        }
        app += [
            "    swiftSettings: [",
            "        .swiftLanguageMode(.v5), .unsafeFlags([\"-enable-testing\"], .when(configuration: .release)),",
            "    ]", "),",
        ]
        return app + [
            "// The catalog and scripted mocks: `@testable import \(plan.module)`.",
            ".target(",
            "    name: \(quoted(plan.catalogModule)),",
            "    dependencies: [\(([quoted(plan.module)] + rehearsal + products).joined(separator: ", "))],",
            "    path: \"Rehearsal/Catalog\"", "),",
        ]
    }

    /// What the entry passes for `parameter` of an initialiser of `enclosing`: a scripted mock for a protocol, a
    /// value of the config for a plain value, the memberwise initialiser of a struct (its `Config`, its
    /// `Dependency`), else a placeholder; and the protocols it mocks.
    private func argument(
        _ parameter: SwiftDeclarations.Parameter, in enclosing: SwiftDeclarations.Declaration, depth: Int
    ) -> (text: String, mocks: [SwiftDeclarations.Declaration]) {
        let type = MockSource.bare(parameter.type)
        let value: String
        var mocks: [SwiftDeclarations.Declaration] = []
        if let mocked = mockable(parameter.type) {
            value = "\(MockSource.className(of: mocked.name))(context)"
            mocks = [mocked]
        } else if Self.configTypes.contains(type) {
            // A value the scenario's config gives: `"config": {"storeId": 42}`.
            value = "context.config(\(type).self, key: \(quoted(parameter.name)))"
        } else if depth < 2, let declaration = declarations.declaration(of: type, in: enclosing),
            let members = SwiftDeclarations.memberwiseInitialiser(of: declaration)
        {
            let arguments = members.map { argument($0, in: declaration, depth: depth + 1) }
            value = ".init(" + arguments.map(\.text).joined(separator: ", ") + ")"
            mocks = arguments.flatMap(\.mocks)
        } else {
            value = "<#\(parameter.type)#>"
        }
        return (parameter.label.map { "\($0): \(value)" } ?? value, mocks)
    }

    /// The catalog action that makes `method` an input (`{"send": "queryChanged", "value": "swift"}`), for a method
    /// without arguments, with one plain value, or with a completion handler alone; `nil` for others.
    private func action(_ method: SwiftDeclarations.Method, of type: String) -> String? {
        let call = (method.isThrowing ? "try? " : "") + (method.isAsync ? "await " : "")
        let discard = method.returnType == nil ? "" : "_ = "
        let name = quoted(method.name)
        switch method.parameters.count {
        case 0:
            return "    .action(\(name)) { (viewModel: \(type)) in \(discard)\(call)viewModel.\(method.name)() }"
        case 1:
            let parameter = method.parameters[0]
            let argument = { (value: String) in parameter.label.map { "\($0): \(value)" } ?? value }
            if parameter.type.contains("() -> Void") {
                // A completion handler: the timeline shows each call of it.
                let callback = argument("context.callback(\(quoted(parameter.name)))")
                return "    .action(\(name), withContext: { viewModel, context in \(discard)\(call)viewModel."
                    + "\(method.name)(\(callback)) })"
            }
            let valueType = MockSource.bare(parameter.type)
            guard Self.configTypes.contains(valueType) else { return nil }
            let variant = method.isAsync ? "" : ", sync:"
            return "    .action(\(name)\(variant) { (viewModel: \(type), \(parameter.name): \(valueType)) in "
                + "\(discard)\(call)viewModel.\(method.name)(\(argument(parameter.name))) }"
                + (method.isAsync ? "" : ")")
        default:
            return nil
        }
    }

    /// The types of initialiser arguments that the entry reads from the scenario's config, by the parameter's name.
    static let configTypes: Set<String> = [
        "Int", "Int64", "Int32", "UInt", "Double", "Float", "Bool", "String", "UUID", "URL", "Date", "Decimal",
    ]

    /// The protocols the ViewModels' initialisers take that are declared in the scanned files, in order.
    private var mockedProtocols: [SwiftDeclarations.Declaration] {
        var found: [SwiftDeclarations.Declaration] = []
        for type in plan.types {
            guard let declaration = declarations.declaration(of: type),
                let parameters = SwiftDeclarations.initialiser(of: declaration)
            else { continue }
            for mocked in parameters.flatMap({ argument($0, in: declaration, depth: 0).mocks })
            where !found.contains(where: { $0.name == mocked.name }) {
                found.append(mocked)
            }
        }
        return found
    }

    /// The protocol declaration a parameter of this type is (`GreetingRepository`, `any GreetingRepository`,
    /// `GreetingRepository?`).
    private func mockable(_ type: String) -> SwiftDeclarations.Declaration? {
        var name = MockSource.bare(type)
        if name.hasSuffix("?") { name.removeLast() }
        guard let declaration = declarations.declaration(of: name), declaration.kind == "protocol" else { return nil }
        return declaration
    }

    /// `Rehearsal/Catalog/<Name>Catalog.swift`.
    var catalog: (text: String, placeholders: Int) {
        var placeholders = 0
        var entries: [String] = []
        for type in plan.types {
            let name = InitPlan.catalogName(of: type)
            let declaration = declarations.declaration(of: type)
            var argumentList = [
                "<#initialiser: scripted mocks such as RepositoryMock(context), a config from try context.config(…)#>"
            ]
            if let declaration, let parameters = SwiftDeclarations.initialiser(of: declaration) {
                // A parameter with a default keeps it (`scheduler: DispatchQueue = .main`, as the app calls it),
                // unless it takes a protocol the entry mocks.
                argumentList = parameters.compactMap { parameter in
                    let argument = argument(parameter, in: declaration, depth: 0)
                    return parameter.hasDefault && argument.mocks.isEmpty ? nil : argument.text
                }
            }
            placeholders += argumentList.joined().components(separatedBy: "<#").count - 1
            var call = (argumentList.contains { $0.contains("context.config(") } ? "try " : "") + type
            call += "(\(argumentList.joined(separator: ", ")))"
            if call.count > 100 {
                // One argument per line, as swift-format would break it.
                call =
                    call.prefix { $0 != "(" } + "(\n"
                    + argumentList.map { "            " + $0 }.joined(separator: ",\n") + ")"
            }
            var body = ["        \(call)"]
            if let declaration, let input = declarations.transformInput(of: declaration) {
                let filled: Int
                (body, filled) = transformBody(viewModel: call, input: input)
                placeholders += filled
            }
            var entry = ["    ViewModelEntry(\(quoted(name))) { context in"] + body + ["    }"]
            if let declaration, declarations.needsBind(declaration) {
                entry.append("    .bind { $0.bind() }")
            }
            if let declaration {
                entry += SwiftDeclarations.inputMethods(of: declaration).compactMap { action($0, of: type) }
            }
            entries.append(entry.joined(separator: "\n"))
        }
        let text = [
            "import Foundation", "import Rehearsal", "", "@testable import \(plan.module)", "",
            "/// The ViewModels scenarios can name, each built from a scenario's `config` with scripted mocks "
                + "(Mocks.swift).",
            "/// Written by `rehearsal init`; fill in each `<#…#>` (the compiler points at them).",
            "public let \(plan.catalogName) = Catalog {", entries.joined(separator: "\n\n"), "}", "",
        ].joined(separator: "\n")
        return (text, placeholders)
    }

    /// The body of the entry of a `transform(input:)` ViewModel built by `call`: each input publisher declared by
    /// its parameter's name (`context.input("email")`), the outputs recorded; with the number of placeholders
    /// written (an input that is no publisher, or an input type whose initialiser cannot be read).
    private func transformBody(
        viewModel call: String, input: SwiftDeclarations.TransformInput
    ) -> (lines: [String], placeholders: Int) {
        var placeholders = 0
        let arguments: String
        if let parameters = input.parameters {
            let each = parameters.map { parameter -> String in
                let label = parameter.label.map { "\($0): " } ?? ""
                guard MockSource.bare(parameter.type).hasPrefix("AnyPublisher<") else {
                    placeholders += 1
                    return label + "<#\(parameter.name): \(parameter.type)#>"
                }
                return label + "context.input(\(quoted(parameter.name)))"
            }
            let oneLine = "        let output = viewModel.transform(input: .init(\(each.joined(separator: ", "))))"
            arguments =
                oneLine.count <= 120
                ? oneLine
                : "        let output = viewModel.transform(\n            input: .init(\n"
                    + each.map { "                " + $0 }.joined(separator: ",\n") + "))"
        } else {
            placeholders += 1
            arguments =
                "        let output = viewModel.transform(input: <#\(input.typeName): each input publisher from "
                + "context.input(\"name\")#>)"
        }
        let lines = [
            "        let viewModel = \(call)",
            arguments,
            "        context.outputs(output)",
            "        return viewModel",
        ]
        return (lines, placeholders)
    }

    /// `Rehearsal/Catalog/Mocks.swift`: a scripted mock per protocol the initialisers take.
    var mocks: (text: String, placeholders: Int) {
        let made = mockedProtocols.map(MockSource.text(for:))
        // The modules the ViewModel files import, which the protocols' signatures may use.
        let imports = (["Foundation"] + plan.products + ["Rehearsal"]).map { "import \($0)" }
        var lines = imports + ["", "@testable import \(plan.module)", ""]
        lines += [
            "// Scripted mocks: each method forwards to the scenario's script, so that the scenario's key",
            "// `<Protocol>.<method>` answers it (Rehearsal's docs/mocks-and-ports.md).",
        ]
        if made.isEmpty {
            lines += [
                "// `rehearsal init` found no protocol that the ViewModels' initialisers take. A mock looks like:",
                "//",
                "// final class StoreRepositoryMock: ScriptedMock, StoreRepository {",
                "//     func fetchStore(id: Int) async throws -> Store { try await respond(id) }",
                "// }",
            ]
        }
        lines += made.map { "\n" + $0.text }
        return (lines.joined(separator: "\n") + "\n", made.reduce(0) { $0 + $1.placeholders })
    }

    /// The note `init` prints beside the mocks when some method's scripted `"throw"` arrives as `ScriptedError`
    /// (``MockSource/failsUntyped(_:)``): the keys, and how to throw the app's own error type instead, naming the
    /// error types the scanned files declare.
    var scriptedErrorNote: String? {
        var keys: [String] = []
        for declaration in mockedProtocols {
            let mock = MockSource.keyName(of: declaration.name)
            for method in SwiftDeclarations.requirements(of: declaration).methods where MockSource.failsUntyped(method)
            {
                let key = "\(mock).\(method.name)"
                if !keys.contains(key) { keys.append(key) }
            }
        }
        guard !keys.isEmpty else { return nil }
        var errors: [String] = []
        for declaration in declarations.declarations
        where declaration.kind != "protocol" && Self.declaresErrorConformance(declaration.header)
            && !errors.contains(declaration.name)
        {
            errors.append(declaration.name)
        }
        let named = errors.first ?? "YourError"
        let shown =
            keys.count > 3
            ? keys.prefix(3).joined(separator: ", ") + " and \(keys.count - 3) more"
            : keys
                .joined(separator: ", ")
        return "note: a scripted \"throw\" reaches \(shown) as ScriptedError (its localizedDescription is the "
            + "\"message\"); to throw the app's own error type, add 'throwing: \(named).self' to the respond(…) call "
            + "(the type must be Decodable; Rehearsal's docs/mocks-and-ports.md)"
            + (errors.isEmpty ? "" : "; the sources declare \(errors.joined(separator: ", "))")
    }

    /// Whether a declaration's header (what follows its name) lists `Error`, `LocalizedError` or `CustomNSError`
    /// among what it inherits: after its generic parameters (`Box<E: Error>` is no error) and before a `where`.
    static func declaresErrorConformance(_ header: String) -> Bool {
        // `<E: Error>: Decodable where T: Sendable` cut at colons outside brackets: the generic parameters, the
        // inheritance clause (with the `where` clause's start), then the `where` clause's requirements.
        let parts = SwiftText.splitAtTopLevel(Array(header.unicodeScalars), separator: ":")
        guard parts.count > 1 else { return false }
        var clause = Substring(parts[1])
        if let whereClause = clause.range(of: " where ") { clause = clause[..<whereClause.lowerBound] }
        let conformance = /(?:^|[^\w.])(?:Swift\.|Foundation\.)?(?:Error|LocalizedError|CustomNSError)(?:[^\w]|$)/
        return clause.contains(conformance)
    }

    /// `Rehearsal/CLI/main.swift`.
    var main: String {
        "import \(plan.catalogModule)\nimport RehearsalCLI\n\nRehearsalCLI.main(catalog: \(plan.catalogName))\n"
    }

    /// `Rehearsal/Tests/ScenarioTests.swift`.
    var tests: String {
        """
        import \(plan.catalogModule)
        import RehearsalTesting
        import XCTest

        /// One test per scenario file under Scenarios/ (the RehearsalScenarioTests plugin writes them).
        final class ScenarioTests: XCTestCase, ScenarioTestCase {
            static let scenarioTesting = ScenarioTesting(catalog: \(plan.catalogName))
        }

        """
    }

    /// The `json.schemas` entries of `.vscode/settings.json`.
    var schemaMapping: String? {
        guard var schemas = plan.schemas else { return nil }
        // VS Code reads `./…` against the workspace folder, and an absolute path as a file URL.
        schemas = schemas.hasPrefix("/") ? "file://" + schemas : "./" + schemas
        return """
                "json.schemas": [
                    {
                        "fileMatch": ["/Scenarios/**/*.json", "!/Scenarios/**/*.timeline.json", "!**/*.schema.json"],
                        "url": "\(schemas)/scenario.schema.json"
                    },
                    {
                        "fileMatch": ["/Scenarios/**/*.timeline.json"],
                        "url": "\(schemas)/timeline.schema.json"
                    }
                ]
            """
    }

    /// `.vscode/settings.json` with the mapping alone.
    var editorSettings: String? {
        schemaMapping.map { "{\n\($0)\n}\n" }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
