import Foundation
import Rehearsal

/// `rehearsal init [ViewModel types…]`: sets up Rehearsal in a team's repository — the package lines (printed when a
/// `Package.swift` exists), a catalog with one entry per ViewModel type, the scripted mocks of the protocols their
/// initialisers take, the executable's `main.swift`, the test file with the plugin, a `.gitignore` entry for
/// `.rehearsal/` and the editor's mapping of the scenario and timeline schemas. It never writes over a file, so
/// running it again changes nothing.
struct InitCommand: Command {
    static let sources = CommandOption<String>(
        "sources", value: "dir", help: "The folder of the ViewModel files. Default: where the types are declared.",
        read: .text)
    static let module = CommandOption<String>(
        "module", value: "name", help: "The ViewModel module's name. Default: from the folder's name.", read: .text)
    static let name = CommandOption<String>(
        "name", value: "name", help: "The prefix of the catalog, executable and tests. Default: the root's name.",
        read: .text)
    static let rehearsal = CommandOption<String>(
        "rehearsal", value: "path|url", help: "Where the Rehearsal package is. Default: the one this was built from.",
        read: .text)

    static let spec = CommandSpec(
        name: "init", abstract: "Set up Rehearsal in an app's repository: package, catalog, mocks, tests.",
        arguments: "<types…>", argumentsHelp: "The ViewModel types the catalog builds, such as GreetingViewModel.",
        options: [
            sources.declaration, module.declaration, name.declaration, rehearsal.declaration,
            StandardOptions.root.with(help: "The repository's root. Default: .").declaration,
        ],
        examples: [
            ("init GreetingViewModel", "a catalog entry and mocks for one ViewModel, found under the root"),
            ("init --sources App/Features/Reviews ReviewsViewModel", "ViewModel files in a folder of their own"),
        ])

    var plan: InitPlan
    var declarations: SwiftDeclarations
    /// Types named that no file declares.
    var missing: [String]

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        let usage = Self.spec.invoked(as: context.program).usage
        let root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        let types = parsed.positionals
        guard !types.isEmpty else {
            throw UsageError(
                message: "no ViewModel type to put in the catalog",
                hint: "name the ViewModel types, such as '\(context.program) init GreetingViewModel'", usage: usage)
        }
        let given = try parsed.value(Self.sources).map { ScenarioSelection.relative($0, to: root) }
        let declarations = SwiftDeclarations(root: root, folders: [given ?? "."])
        self.declarations = declarations
        let found = types.compactMap { declarations.declaration(of: $0) }
        missing = types.filter { type in !found.contains { $0.name == type } }
        let sources: String
        if let given {
            sources = given
        } else {
            let folders = found.map { ($0.file as NSString).deletingLastPathComponent }
            guard let common = Self.commonFolder(folders), common != "" else {
                throw UsageError(
                    message: found.isEmpty
                        ? "no Swift file under \(root) declares \(missing.joined(separator: ", "))"
                        : "the ViewModel types are declared in no folder of their own under the root",
                    hint: "give the folder of the ViewModel files with --sources DIR", usage: usage)
            }
            sources = common
        }
        let excluded = InitPlan.viewFolders(under: "\(root)/\(sources)")
        let location =
            try parsed.value(Self.rehearsal) ?? InitPlan.builtFrom.map { InitPlan.location(of: $0, from: root) }
        guard let location else {
            throw UsageError(
                message: "cannot tell where the Rehearsal package is",
                hint: "give its checkout or URL with --rehearsal ../Rehearsal", usage: usage)
        }
        let isURL = location.contains("://") || location.hasSuffix(".git")
        let module =
            try Self.identifier(parsed.value(Self.module), option: "--module", usage: usage)
            ?? InitPlan.upperCamel((sources as NSString).lastPathComponent) ?? "App"
        // Target names are one namespace across the package graph: Rehearsal's own (TeamApp, ExampleApp…) are taken.
        let checkout = location.hasPrefix("/") ? location : root + "/" + location
        if !isURL, FileManager.default.fileExists(atPath: "\(checkout)/Sources/\(module)") {
            throw UsageError(
                message: "the module name '\(module)' is taken by a target of Rehearsal, and SwiftPM needs target "
                    + "names to differ across packages",
                hint: "give the ViewModel module another name with --module, such as --module \(module)Features",
                usage: usage)
        }
        plan = InitPlan(
            root: root,
            name: try Self.identifier(parsed.value(Self.name), option: "--name", usage: usage)
                ?? InitPlan.upperCamel((root as NSString).lastPathComponent) ?? "App",
            module: module,
            sources: sources, excluded: excluded,
            products: InitPlan.products(importedUnder: root + "/" + sources, excluding: excluded),
            dependency: isURL
                ? ".package(url: \"\(location)\", branch: \"main\")"
                : ".package(name: \"Rehearsal\", path: \"\(location)\")",
            schemas: isURL ? ".build/checkouts/Rehearsal/Scenarios" : location + "/Scenarios", types: types)
    }

    /// A name given for Swift identifiers (the catalog, the modules) in upper camel case: `notes-app` is `NotesApp`,
    /// as the default from the folder's name is; a name with no letter to start with is a usage error.
    static func identifier(_ given: String?, option: String, usage: String) throws(UsageError) -> String? {
        guard let given else { return nil }
        guard let name = InitPlan.upperCamel(given) else {
            throw UsageError(
                message: "invalid value '\(given)' for '\(option)': it names Swift types and modules, so it must start "
                    + "with a letter",
                hint: "give a name such as \(option) NotesApp", usage: usage)
        }
        return name
    }

    /// The deepest folder holding all of `folders` (relative paths); `""` for the root, `nil` for none.
    static func commonFolder(_ folders: [String]) -> String? {
        guard var common = folders.first?.split(separator: "/").map(String.init) else { return nil }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var shared = 0
            while shared < min(common.count, parts.count), common[shared] == parts[shared] { shared += 1 }
            common = Array(common.prefix(shared))
        }
        return common.joined(separator: "/")
    }

    func run(_ context: CommandContext) -> Int32 {
        let files = InitFiles(plan: plan, declarations: declarations)
        var lines: [String] = []
        var unlisted: [String] = []
        var placeholders = 0
        do {
            lines.append(try manifest(files))
            let catalog = files.catalog
            let entries = plan.types.map(InitPlan.catalogName(of:)).joined(separator: ", ")
            let catalogPath = "Rehearsal/Catalog/\(plan.catalogModule).swift"
            unlisted = unlistedEntries(in: catalogPath)
            // The placeholders to fill in are those of the files written now (a kept file is the team's).
            if !exists(catalogPath) { placeholders += catalog.placeholders }
            let writesMocks = !exists("Rehearsal/Catalog/Mocks.swift")
            if writesMocks { placeholders += files.mocks.placeholders }
            lines.append(try place(catalog.text, at: catalogPath, what: "entries: \(entries)"))
            lines.append(try place(files.mocks.text, at: "Rehearsal/Catalog/Mocks.swift", what: nil))
            if writesMocks, let note = files.scriptedErrorNote { lines.append(note) }
            if !unlisted.isEmpty { lines.append(try draft(files, catalogPath: catalogPath, unlisted: unlisted)) }
            lines.append(try place(files.main, at: "Rehearsal/CLI/main.swift", what: nil))
            lines.append(try place(files.tests, at: "Rehearsal/Tests/ScenarioTests.swift", what: nil))
            lines.append(try gitignore())
            lines.append(try editor(files))
        } catch {
            context.console.output(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
            context.console.error(error.description)
            return ExitCode.failure
        }
        for type in missing {
            lines.append("note: no Swift file under \(plan.sources) declares \(type): fill in its initialiser")
        }
        // The ViewModel to start a scenario for: a new one the catalog lacks, else the first; once its starter
        // exists, running the scenarios is what is next.
        let first = unlisted.first ?? plan.types.first.map(InitPlan.catalogName(of:)) ?? "Greeting"
        let starter = "Scenarios/\(first.lowercased())/first.json"
        let new =
            exists(starter)
            ? "swift run \(plan.executable) run" : "swift run \(plan.executable) new --viewmodel \(first) \(starter)"
        if !unlisted.isEmpty {
            lines.append("next: copy the entries and mocks of \(unlisted.joined(separator: ", ")) in, then \(new)")
            context.console.output(lines.joined(separator: "\n") + "\n")
            return ExitCode.success
        }
        lines.append(
            placeholders == 0
                ? "next: \(new)"
                : "next: fill in the \(placeholders) placeholder\(placeholders == 1 ? "" : "s") (<#…#>; 'swift build' "
                    + "points at each), then \(new)")
        context.console.output(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    // MARK: Writing

    /// Whether a file is at `path` (relative to the root).
    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: plan.root + "/" + path)
    }

    /// The catalog names of the types the catalog at `path` has no entry for, when it exists (a ViewModel added
    /// after the first `init`); empty when it does not exist (init writes it whole).
    private func unlistedEntries(in path: String) -> [String] {
        guard let existing = FileManager.default.contents(atPath: plan.root + "/" + path) else { return [] }
        let text = String(decoding: existing, as: UTF8.self)
        return plan.types.map(InitPlan.catalogName(of:)).filter { !text.contains("ViewModelEntry(\"\($0)\"") }
    }

    /// The catalog and the mocks init would write, in `.rehearsal/init/` (where they may be written over), for the
    /// entries of `unlisted` to be copied into the catalog that exists.
    private func draft(_ files: InitFiles, catalogPath: String, unlisted: [String]) throws(FileError) -> String {
        let folder = ".rehearsal/init"
        let catalogDraft = folder + "/" + (catalogPath as NSString).lastPathComponent
        let mocksDraft = folder + "/Mocks.swift"
        try AtomicFile().write(
            Array(files.catalog.text.utf8), to: plan.root + "/" + catalogDraft, shownPath: catalogDraft)
        try AtomicFile().write(Array(files.mocks.text.utf8), to: plan.root + "/" + mocksDraft, shownPath: mocksDraft)
        let names = unlisted.joined(separator: ", ")
        return "wrote \(catalogDraft) and \(mocksDraft): the catalog and mocks init would write; \(catalogPath) has "
            + "no entry for \(names): copy \(unlisted.count == 1 ? "its entry" : "their entries") and mocks from them"
    }

    /// Writes `text` at `path` when nothing is there; says what happened.
    private func place(_ text: String, at path: String, what: String?) throws(FileError) -> String {
        let absolute = plan.root + "/" + path
        if let existing = FileManager.default.contents(atPath: absolute) {
            return existing == Data(text.utf8)
                ? "unchanged \(path)"
                : "kept \(path): it exists and differs from what init writes (init never writes over a file)"
        }
        guard try AtomicFile().create(Array(text.utf8), at: absolute, shownPath: path) else {
            return "kept \(path): it exists (init never writes over a file)"
        }
        return "wrote \(path)" + (what.map { " (\($0))" } ?? "")
    }

    /// `Package.swift`, or the lines to add to the one there.
    private func manifest(_ files: InitFiles) throws(FileError) -> String {
        let path = plan.root + "/Package.swift"
        guard let existing = FileManager.default.contents(atPath: path) else {
            return try place(files.manifest, at: "Package.swift", what: nil)
        }
        let text = String(decoding: existing, as: UTF8.self)
        if existing == Data(files.manifest.utf8) { return "unchanged Package.swift" }
        if text.contains("\"\(plan.executable)\""), !text.contains("path: \"\(plan.sources)\"") {
            // A ViewModel added in another folder: the ViewModel target must hold the folder of them all.
            return
                ([
                    "kept Package.swift: it already has \(plan.executable), but no target of it builds \(plan.sources), "
                        + "the folder that holds every ViewModel named; replace its ViewModel target and its catalog "
                        + "target with these, and write '@testable import \(plan.module)' in Rehearsal/Catalog:"
                ] + files.viewModelTargetLines.map { "    " + $0 }).joined(separator: "\n")
        }
        if text.contains("\"\(plan.executable)\"") {
            // The ViewModel files may import a framework the manifest does not give them yet (a new ViewModel's).
            let missing = plan.products.filter { !text.contains(".product(name: \"\($0)\"") }
            guard !missing.isEmpty else { return "kept Package.swift: it already has \(plan.executable)" }
            return
                ([
                    "kept Package.swift: it already has \(plan.executable), but the ViewModel files import modules its "
                        + "targets do not name; add to the dependencies of the ViewModel target \(plan.module):"
                ] + missing.map { "    .product(name: \"\($0)\", package: \"Rehearsal\")," }).joined(separator: "\n")
        }
        return
            ([
                "Package.swift exists: add Rehearsal to its dependencies and these targets to its targets:",
                "    dependencies: \(plan.dependency)",
            ] + files.targetLines.map { "    " + $0 }).joined(separator: "\n")
    }

    /// `.rehearsal/` (the timelines of failing runs, the durations, reports written there) and `.build/` (SwiftPM's)
    /// in `.gitignore`.
    private func gitignore() throws(FileError) -> String {
        let path = plan.root + "/.gitignore"
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        let ignored = (existing ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let missing = [".rehearsal/", ".build/"].filter { entry in
            let name = entry.dropLast()
            return !ignored.contains { [String(name), entry, "/" + name, "/" + entry].contains($0) }
        }
        let listed = missing.joined(separator: " and ")
        guard var text = existing else {
            _ = try place(missing.map { $0 + "\n" }.joined(), at: ".gitignore", what: nil)
            return "wrote .gitignore (\(listed))"
        }
        guard !missing.isEmpty else { return "unchanged .gitignore (it ignores .rehearsal/ and .build/)" }
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += missing.map { $0 + "\n" }.joined()
        try AtomicFile().write(Array(text.utf8), to: path, shownPath: ".gitignore")
        return "added \(listed) to .gitignore"
    }

    /// `.vscode/settings.json` mapping the schemas, or the lines to add to the one there.
    private func editor(_ files: InitFiles) throws(FileError) -> String {
        guard let settings = files.editorSettings, let mapping = files.schemaMapping else {
            return "note: no schema mapping written (Rehearsal's location is not known)"
        }
        let path = plan.root + "/.vscode/settings.json"
        guard let existing = FileManager.default.contents(atPath: path) else {
            _ = try place(settings, at: ".vscode/settings.json", what: nil)
            return "wrote .vscode/settings.json (scenario.schema.json and timeline.schema.json for Scenarios/)"
        }
        if String(decoding: existing, as: UTF8.self).contains("scenario.schema.json") {
            return "unchanged .vscode/settings.json (it maps scenario.schema.json)"
        }
        return ".vscode/settings.json exists: add these members to it:\n" + mapping
    }
}
