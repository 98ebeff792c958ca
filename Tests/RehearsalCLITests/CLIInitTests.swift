import Foundation
import Testing

/// `rehearsal init` in a team's repository: the package lines, the catalog, the mocks, the executable, the tests, the
/// `.gitignore` entry and the editor's schemas, never over a file.
@Suite struct CLIInitTests {
    static let viewModel = #"""
        import Combine
        import Foundation

        protocol GreetingRepository {
            func greeting(for name: String) async throws -> String
        }

        final class GreetingViewModel {
            struct Input { let load = PassthroughSubject<String, Never>() }
            let input = Input()
            init(
                repository: GreetingRepository, style: Style, locale: String, pageSize: Int = 20,
                scheduler: DispatchQueue = .main
            ) {}
        }
        """#

    /// An app's repository: a ViewModel file beside a view folder, and a `.gitignore` of its own.
    static func repository() throws -> CLIProcess {
        let cli = try CLIProcess(fixture: "project")
        try cli.write("App/Features/Greeting/GreetingViewModel.swift", viewModel)
        try cli.write("App/Features/Greeting/Views/GreetingView.swift", "import UIKit\n")
        try cli.write(".gitignore", ".build")
        return cli
    }

    @Test func writesThePackageTheCatalogTheMocksTheEntryPointTheTestsAndTheIgnores() throws {
        // Given an app's repository
        let cli = try Self.repository()
        // When init sets it up for its ViewModel
        let outcome = try cli.run(["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"])
        // Then it says what it wrote and what is left to do
        #expect(
            outcome
                == .init(
                    status: 0,
                    stdout: """
                        wrote Package.swift
                        wrote Rehearsal/Catalog/GreeterCatalog.swift (entries: Greeting)
                        wrote Rehearsal/Catalog/Mocks.swift
                        note: a scripted "throw" reaches GreetingRepository.greeting as ScriptedError (its \
                        localizedDescription is the "message"); to throw the app's own error type, add 'throwing: \
                        YourError.self' to the respond(…) call (the type must be Decodable; Rehearsal's \
                        docs/mocks-and-ports.md)
                        wrote Rehearsal/CLI/main.swift
                        wrote Rehearsal/Tests/ScenarioTests.swift
                        added .rehearsal/ to .gitignore
                        wrote .vscode/settings.json (scenario.schema.json and timeline.schema.json for Scenarios/)
                        next: fill in the 1 placeholder (<#…#>; 'swift build' points at each), then swift run \
                        greeter-rehearsal new --viewmodel Greeting Scenarios/greeting/first.json

                        """, stderr: ""), "\(outcome)")
        // And the entry leaves out the parameters with a default (pageSize, scheduler), as the app's call does
        // And the package builds the ViewModel folder without its views, with the catalog, executable and tests
        let manifest = try cli.read("Package.swift")
        #expect(manifest.contains(#"    dependencies: [.package(name: "Rehearsal", path: "../Rehearsal")],"#))
        #expect(manifest.contains(#"            path: "App/Features/Greeting","#))
        #expect(manifest.contains(#"            exclude: ["Views"],   // view files do not build on Linux"#))
        #expect(manifest.contains(#"            name: "greeter-rehearsal","#))
        #expect(
            manifest.contains(#"            plugins: [.plugin(name: "RehearsalScenarioTests", package: "Rehearsal")]"#))
        #expect(
            try cli.read("Rehearsal/Catalog/GreeterCatalog.swift") == """
                import Foundation
                import Rehearsal

                @testable import Greeting

                /// The ViewModels scenarios can name, each built from a scenario's `config` with scripted mocks (Mocks.swift).
                /// Written by `rehearsal init`; fill in each `<#…#>` (the compiler points at them).
                public let greeterCatalog = Catalog {
                    ViewModelEntry("Greeting") { context in
                        try GreetingViewModel(
                            repository: GreetingRepositoryMock(context),
                            style: <#Style#>,
                            locale: context.config(String.self, key: "locale"))
                    }
                }

                """)
        #expect(
            try cli.read("Rehearsal/Catalog/Mocks.swift").hasSuffix(
                """
                final class GreetingRepositoryMock: ScriptedMock, GreetingRepository {
                    func greeting(for name: String) async throws -> String {
                        try await respond(name)
                    }
                }

                """))
        #expect(
            try cli.read("Rehearsal/CLI/main.swift")
                == "import GreeterCatalog\nimport RehearsalCLI\n\nRehearsalCLI.main(catalog: greeterCatalog)\n")
        #expect(
            try cli.read("Rehearsal/Tests/ScenarioTests.swift").contains("ScenarioTesting(catalog: greeterCatalog)"))
        #expect(try cli.read(".gitignore") == ".build\n.rehearsal/\n")
        #expect(
            try cli.read(".vscode/settings.json").contains(#""url": "./../Rehearsal/Scenarios/scenario.schema.json""#))
    }

    @Test func runningItAgainChangesNothingAndItNeverWritesOverAFile() throws {
        // Given a repository set up once, whose catalog the team then filled in, and a manifest of its own
        let cli = try Self.repository()
        let arguments = ["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"]
        _ = try cli.run(arguments)
        let filledIn = "// filled in\nlet greeting = ViewModelEntry(\"Greeting\") { _ in GreetingViewModel() }\n"
        try cli.write("Rehearsal/Catalog/GreeterCatalog.swift", filledIn)
        let files = try ["Rehearsal/Catalog/Mocks.swift", ".gitignore", ".vscode/settings.json"].map(cli.read)
        // When init runs again
        let again = try cli.run(arguments)
        // Then it keeps every file as it is and says so
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stdout.hasPrefix(
                """
                unchanged Package.swift
                kept Rehearsal/Catalog/GreeterCatalog.swift: it exists and differs from what init writes (init never \
                writes over a file)
                unchanged Rehearsal/Catalog/Mocks.swift
                unchanged Rehearsal/CLI/main.swift
                unchanged Rehearsal/Tests/ScenarioTests.swift
                unchanged .gitignore (it ignores .rehearsal/ and .build/)
                unchanged .vscode/settings.json (it maps scenario.schema.json)

                """), "\(again)")
        #expect(try cli.read("Rehearsal/Catalog/GreeterCatalog.swift") == filledIn)
        #expect(
            again.stdout.hasSuffix(
                "next: swift run greeter-rehearsal new --viewmodel Greeting Scenarios/greeting/first.json\n"))
        // And once the starter scenario exists, what is next is running the scenarios
        try cli.write("Scenarios/greeting/first.json", "{}\n")
        #expect(try cli.run(arguments).stdout.hasSuffix("next: swift run greeter-rehearsal run\n"))
        #expect(try ["Rehearsal/Catalog/Mocks.swift", ".gitignore", ".vscode/settings.json"].map(cli.read) == files)
    }

    @Test func aManifestOfTheTeamsOwnGetsTheLinesToAddPrinted() throws {
        let cli = try Self.repository()
        try cli.write("Package.swift", "// swift-tools-version:6.0\n")
        let outcome = try cli.run(["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stdout.hasPrefix(
                """
                Package.swift exists: add Rehearsal to its dependencies and these targets to its targets:
                    dependencies: .package(name: "Rehearsal", path: "../Rehearsal")
                    // The app's ViewModel files, unchanged: their imports, internal access, Swift 5 mode.
                    .target(
                        name: "Greeting",
                """), "\(outcome)")
        #expect(try cli.read("Package.swift") == "// swift-tools-version:6.0\n")
    }

    @Test func viewFoldersAtAnyDepthAreExcludedAndAHyphenatedNameIsCamelCased() throws {
        // Given two ViewModels in folders of their own, each beside its views
        let cli = try CLIProcess(fixture: "project")
        try cli.write("App/Features/Greeting/GreetingViewModel.swift", Self.viewModel)
        try cli.write("App/Features/Greeting/Views/GreetingView.swift", "import SwiftUI\n")
        try cli.write(
            "App/Features/Farewell/FarewellViewModel.swift",
            "import Combine\n\nfinal class FarewellViewModel {\n    let done = PassthroughSubject<Void, Never>()\n}\n")
        try cli.write("App/Features/Farewell/Views/FarewellView.swift", "import SwiftUI\n")
        // When init sets both up under a hyphenated name
        let outcome = try cli.run([
            "init", "--name", "notes-app", "--rehearsal", "../Rehearsal", "GreetingViewModel", "FarewellViewModel",
        ])
        // Then the ViewModel target leaves out both view folders (and needs no SwiftUI), and the name is a Swift
        // identifier where it names types and modules, kebab-case where it names the executable
        #expect(outcome.status == 0, "\(outcome)")
        let manifest = try cli.read("Package.swift")
        #expect(manifest.contains(#"            path: "App/Features","#))
        #expect(manifest.contains(#"            exclude: ["Farewell/Views", "Greeting/Views"],"#))
        #expect(!manifest.contains(#".product(name: "SwiftUI""#))
        #expect(manifest.contains(#"            name: "NotesAppCatalog","#))
        #expect(manifest.contains(#"            name: "notes-app-rehearsal","#))
        #expect(try cli.read("Rehearsal/CLI/main.swift").contains("RehearsalCLI.main(catalog: notesAppCatalog)"))
    }

    @Test func aNameThatCannotBeASwiftIdentifierIsAUsageError() throws {
        let cli = try Self.repository()
        let outcome = try cli.run(["init", "--name", "9-lives", "--rehearsal", "../Rehearsal", "GreetingViewModel"])
        #expect(
            outcome
                == .init(
                    status: 64, stdout: "",
                    stderr: "error: invalid value '9-lives' for '--name': it names Swift types and modules, so it must "
                        + "start with a letter\n  hint: give a name such as --name NotesApp\n"
                        + "usage: rehearsal init [options] <types…>\n"), "\(outcome)")
        #expect(!cli.exists("Package.swift"))
    }

    @Test func aManifestSetUpAlreadyGetsTheProductsANewViewModelImportsPrinted() throws {
        // Given a repository set up by init, and then a ViewModel that logs with OSLog
        let cli = try Self.repository()
        let arguments = ["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"]
        #expect(try cli.run(arguments).status == 0)
        try cli.write(
            "App/Features/Greeting/GreetingLog.swift",
            "import OSLog\n\nlet log = Logger(subsystem: \"app\", category: \"x\")\n")
        // When init runs again
        let outcome = try cli.run(arguments)
        // Then it keeps the manifest and prints the product line it lacks
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stdout.hasPrefix(
                """
                kept Package.swift: it already has greeter-rehearsal, but the ViewModel files import modules its \
                targets do not name; add to the dependencies of the ViewModel target Greeting:
                    .product(name: "OSLog", package: "Rehearsal"),

                """), "\(outcome)")
    }

    @Test func aViewModelAddedLaterGetsItsEntryAndMocksDraftedBesideTheCatalog() throws {
        // Given a repository set up by init for one ViewModel, then a second ViewModel with a repository
        let cli = try Self.repository()
        #expect(
            try cli.run(["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"]).status == 0)
        try cli.write(
            "App/Features/Greeting/FarewellViewModel.swift",
            """
            import Combine

            protocol FarewellRepository {
                func farewell() async throws -> String
            }

            final class FarewellViewModel {
                let done = PassthroughSubject<Void, Never>()
                init(repository: FarewellRepository) {}
            }

            """)
        // When init runs with both types
        let outcome = try cli.run([
            "init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel", "FarewellViewModel",
        ])
        // Then it keeps the catalog and the mocks, drafts both beside them, and says what to copy
        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("kept Rehearsal/Catalog/GreeterCatalog.swift: it exists and differs") })
        #expect(
            lines.contains(
                "wrote .rehearsal/init/GreeterCatalog.swift and .rehearsal/init/Mocks.swift: the catalog and mocks "
                    + "init would write; Rehearsal/Catalog/GreeterCatalog.swift has no entry for Farewell: copy its "
                    + "entry and mocks from them"))
        #expect(
            lines.last == "next: copy the entries and mocks of Farewell in, then swift run greeter-rehearsal new "
                + "--viewmodel Farewell Scenarios/farewell/first.json")
        #expect(try cli.read(".rehearsal/init/GreeterCatalog.swift").contains(#"ViewModelEntry("Farewell")"#))
        #expect(try cli.read(".rehearsal/init/Mocks.swift").contains("FarewellRepository"))
        #expect(!(try cli.read("Rehearsal/Catalog/GreeterCatalog.swift")).contains("Farewell"))
    }

    @Test func asyncMethodsThatCannotFailForwardThroughTheThrowingResponder() throws {
        // Given a ViewModel whose service's async methods do not throw
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "App/Session/SessionViewModel.swift",
            """
            import Combine

            protocol SessionService {
                var currentUserId: String? { get }
                var region: Region { get }
                func unreadCount() async -> Int
                func signOut() async
            }

            final class SessionViewModel {
                let refresh = PassthroughSubject<Void, Never>()
                init(service: SessionService) {}
            }

            """)
        // When init writes its mock
        let outcome = try cli.run(["init", "--name", "Session", "--rehearsal", "../Rehearsal", "SessionViewModel"])
        // Then each method forwards (as docs/mocks-and-ports.md's table has them)
        #expect(outcome.status == 0, "\(outcome)")
        let mocks = try cli.read("Rehearsal/Catalog/Mocks.swift")
        #expect(
            mocks.contains(
                """
                    func unreadCount() async -> Int {
                        (try? await respond()) ?? 0
                    }

                    func signOut() async {
                        try? await respond() as Void
                    }
                """), "\(mocks)")
        // And a read-only property is answered at once from the script (a placeholder only for what it returns when
        // the script has nothing, where the type has no obvious value)
        #expect(mocks.contains("    var currentUserId: String? { respond(otherwise: nil) }"), "\(mocks)")
        #expect(
            mocks.contains("    var region: Region { respond(otherwise: <#a Region for when the script has none#>) }"))
        #expect(mocks.components(separatedBy: "<#").count == 2)
        // And no method can fail, so nothing is said about scripted throws
        #expect(!outcome.stdout.contains("ScriptedError"), "\(outcome)")
    }

    @Test func aViewModelAddedInAnotherFolderGetsTheTargetsThatHoldBothPrinted() throws {
        // Given a repository set up by init for one ViewModel, then a second one in a folder beside the first's
        let cli = try Self.repository()
        #expect(
            try cli.run(["init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel"]).status == 0)
        try cli.write(
            "App/Features/Farewell/FarewellViewModel.swift",
            "import Combine\n\nfinal class FarewellViewModel {\n    let done = PassthroughSubject<Void, Never>()\n}\n")
        // When init runs with both types
        let outcome = try cli.run([
            "init", "--name", "Greeter", "--rehearsal", "../Rehearsal", "GreetingViewModel", "FarewellViewModel",
        ])
        // Then it keeps the manifest and prints the ViewModel and catalog targets for the folder of both, and the
        // module the catalog imports
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stdout.hasPrefix(
                """
                kept Package.swift: it already has greeter-rehearsal, but no target of it builds App/Features, the \
                folder that holds every ViewModel named; replace its ViewModel target and its catalog target with \
                these, and write '@testable import Features' in Rehearsal/Catalog:
                    // The app's ViewModel files, unchanged: their imports, internal access, Swift 5 mode.
                    .target(
                        name: "Features",
                """), "\(outcome)")
        #expect(outcome.stdout.contains(#"        path: "App/Features","#))
        #expect(outcome.stdout.contains(#"        exclude: ["Greeting/Views"],"#))
        #expect(outcome.stdout.contains(#"        name: "GreeterCatalog","#))
        #expect(!outcome.stdout.contains(".executableTarget("))
    }

    @Test func aTransformViewModelsEntryDeclaresItsInputsAndRecordsItsOutputs() throws {
        // Given the bundled Login ViewModel, whose transform(input:) takes an Input struct of publishers
        let cli = try CLIProcess(fixture: "project")
        let exampleApp = BundledProject.packageRoot.appendingPathComponent("Sources/ExampleApp")
        for file in ["Login/LoginViewModel.swift", "Login/AuthService.swift", "Shared/RepositoryError.swift"] {
            let text = try String(contentsOf: exampleApp.appendingPathComponent(file), encoding: .utf8)
            try cli.write("App/Login/" + file, text)
        }
        // When init sets it up
        let outcome = try cli.run([
            "init", "--name", "Login", "--module", "LoginFeature", "--rehearsal", "../Rehearsal", "LoginViewModel",
        ])
        // Then its entry calls transform with each input declared by name and records the outputs, as the example
        // catalog's Login entry does, with nothing to fill in
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdout.contains("placeholder"), "\(outcome)")
        let catalog = try cli.read("Rehearsal/Catalog/LoginCatalog.swift")
        #expect(
            catalog.contains(
                """
                    ViewModelEntry("Login") { context in
                        let viewModel = LoginViewModel(authService: AuthServiceMock(context))
                        let output = viewModel.transform(
                            input: .init(
                                email: context.input("email"),
                                password: context.input("password"),
                                tapLogin: context.input("tapLogin")))
                        context.outputs(output)
                        return viewModel
                    }
                """), "\(catalog)")
    }

    @Test func withoutTypesOrTheirFilesItIsAUsageError() throws {
        let cli = try Self.repository()
        let none = try cli.run(["init"])
        let unknown = try cli.run(["init", "MissingViewModel"])
        let root: String = cli.directory.standardizedFileURL.path
        let usage = "usage: rehearsal init [options] <types…>\n"
        let noTypes =
            "error: no ViewModel type to put in the catalog\n  hint: name the ViewModel types, such as 'rehearsal "
            + "init GreetingViewModel'\n" + usage
        let noFile =
            "error: no Swift file under \(root) declares MissingViewModel\n  hint: give the folder of the ViewModel "
            + "files with --sources DIR\n" + usage
        #expect(none == .init(status: 64, stdout: "", stderr: noTypes))
        #expect(unknown == .init(status: 64, stdout: "", stderr: noFile))
        #expect(!cli.exists("Package.swift"))
    }
}

/// `init` on this package's TeamApp, ViewModels as a team writes them: the catalog and mocks it writes are the ones
/// `Sources/ExampleCatalog/TeamCatalog.swift` has by hand.
@Suite struct CLIInitTeamAppTests {
    @Test func theTeamsViewModelsGetTheirConfigDependencyAndMocksWithNothingToFillIn() throws {
        // Given a repository holding TeamApp's files
        let cli = try CLIProcess(fixture: "project")
        let teamApp = BundledProject.packageRoot.appendingPathComponent("Sources/TeamApp")
        try FileManager.default.copyItem(at: teamApp, to: cli.directory.appendingPathComponent("App/TeamApp"))
        // When init sets up two of its ViewModels
        let outcome = try cli.run([
            "init", "--name", "Team", "--module", "TeamFeatures", "--rehearsal", "../Rehearsal",
            "StoreReviewsViewModel",
            "ReviewComposerViewModel",
        ])
        // Then the catalog builds each from its config and mocks, binds the one with bind(), and leaves nothing to fill in
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stdout.hasSuffix(
                "next: swift run team-rehearsal new --viewmodel StoreReviews "
                    + "Scenarios/storereviews/first.json\n"), "\(outcome)")
        // And it says which mocked method's scripted throw arrives as ScriptedError (the completion's untyped
        // `Error`; fetchReviews fails with its own ReviewError), and the error type to name instead
        #expect(
            outcome.stdout.contains(
                "\nnote: a scripted \"throw\" reaches ReviewPostingService.post as ScriptedError (its "
                    + "localizedDescription is the \"message\"); to throw the app's own error type, add 'throwing: "
                    + "ReviewError.self' to the respond(…) call (the type must be Decodable; Rehearsal's "
                    + "docs/mocks-and-ports.md); the sources declare ReviewError\n"), "\(outcome)")
        let catalog = try cli.read("Rehearsal/Catalog/TeamCatalog.swift")
        #expect(
            catalog.contains(
                """
                    ViewModelEntry("StoreReviews") { context in
                        try StoreReviewsViewModel(
                            config: .init(storeId: context.config(Int.self, key: "storeId")),
                            dependency: .init(reviewRepository: ReviewRepositoryMock(context), draftStore: ReviewDraftStoreMock(context)))
                    }
                    .bind { $0.bind() }

                    ViewModelEntry("ReviewComposer") { context in
                        try ReviewComposerViewModel(
                            storeId: context.config(Int.self, key: "storeId"),
                            service: ReviewPostingServiceMock(context),
                            drafts: ReviewDraftSavingMock(context))
                    }
                """), "\(catalog)")
        // And a ViewModel whose inputs are methods gets an action per method taking nothing or a plain value
        #expect(
            catalog.contains(
                """
                    .action("textChanged", sync: { (viewModel: ReviewComposerViewModel, newText: String) in \
                viewModel.textChanged(newText) })
                    .action("post") { (viewModel: ReviewComposerViewModel) in viewModel.post() }
                }
                """), "\(catalog)")
        // And a module named as one of Rehearsal's own targets is refused, since SwiftPM would refuse the graph
        let taken = try cli.run([
            "init", "--rehearsal", BundledProject.packageRoot.path, "--sources", "App/TeamApp",
            "StoreReviewsViewModel",
        ])
        #expect(
            taken
                == .init(
                    status: 64, stdout: "",
                    stderr: "error: the module name 'TeamApp' is taken by a target of Rehearsal, and SwiftPM needs "
                        + "target names to differ across packages\n  hint: give the ViewModel module another name "
                        + "with --module, such as --module TeamAppFeatures\nusage: rehearsal init [options] <types…>\n")
        )
        let mocks = try cli.read("Rehearsal/Catalog/Mocks.swift")
        #expect(
            mocks.components(separatedBy: "final class ").dropFirst().map { $0.prefix { $0 != ":" } } == [
                "ReviewRepositoryMock", "ReviewDraftStoreMock", "ReviewPostingServiceMock", "ReviewDraftSavingMock",
            ])
        #expect(mocks.contains("        respond(storeId, otherwise: nil)\n"), "\(mocks)")
        #expect(try cli.read("Package.swift").contains(#"            path: "App/TeamApp","#))
    }
}
