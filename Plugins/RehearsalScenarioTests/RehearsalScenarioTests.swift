import Foundation
import PackagePlugin

/// Generates one test per scenario file for a test target: for each type in the target that conforms to
/// `ScenarioTestCase` (XCTest) or `ScenarioSuite` (Swift Testing), an extension with one test for every scenario
/// under the package's `Scenarios/` folder.
///
/// XCTest on Linux and Swift Testing's `--filter` only know tests that exist in source: XCTest discovers test
/// methods from the compiled test module, and Swift Testing filters by test ID, never by a parameterised test's
/// arguments. Generated tests give every scenario its own test ID, so `swift test list` shows one entry per
/// scenario and `swift test --filter search/error` runs one.
///
/// Each suite also gets `generatedTestsMatchTheScenarioFiles`, which fails when scenario files were added, renamed
/// or removed since the plugin last ran. The generated file is rewritten only when its text changes (a scenario added, renamed or removed), so an
/// unchanged package does not recompile its tests. Plugins cannot link the package's libraries, so the scenario
/// file rule (`*.json`, not `*.timeline.json` or `*.schema.json`) is restated in ``ScenarioFiles``; the package's
/// tests check that the generated list equals `ScenarioLoader.scenarioFiles(under:)`.
@main
struct RehearsalScenarioTests: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        let suites = try SuiteDeclarations.find(in: sources)
        if suites.isEmpty {
            Diagnostics.warning(
                "RehearsalScenarioTests: no type in target '\(target.name)' conforms to ScenarioTestCase or "
                    + "ScenarioSuite, so no scenario tests were generated; declare one, e.g. "
                    + "'final class ScenarioTests: XCTestCase, ScenarioTestCase { static let scenarioTesting = "
                    + "ScenarioTesting(catalog: myCatalog) }'")
        }
        let root = context.package.directoryURL
        let folder = "Scenarios"
        let scenarios = ScenarioFiles.list(under: root.appendingPathComponent(folder), folder: folder)
        if scenarios.isEmpty, !suites.isEmpty {
            Diagnostics.warning(
                "RehearsalScenarioTests: no scenario files under \(root.appendingPathComponent(folder).path)")
        }
        let text = TestSource.generate(suites: suites, scenarios: scenarios, folder: folder, packageRoot: root.path)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedScenarioTests")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let file = output.appendingPathComponent("\(target.name)+Scenarios.swift")
        if (try? String(contentsOf: file, encoding: .utf8)) != text {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        // The file above is the output: SwiftPM compiles what a prebuild command's output folder holds. This plugin
        // runs when SwiftPM plans a build (`swift build` does; `swift test` reuses the last plan while no source
        // changed), so the generated suite also has a test that fails, naming the files, once the scenario files
        // are no longer the ones listed here.
        return [
            .prebuildCommand(
                displayName: "Scenario tests for \(target.name): \(scenarios.count) scenario(s)",
                executable: URL(fileURLWithPath: "/usr/bin/true"), arguments: [], outputFilesDirectory: output)
        ]
    }
}
