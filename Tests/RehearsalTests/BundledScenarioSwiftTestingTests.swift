import ExampleCatalog
import Foundation
import Rehearsal
import Testing

/// The bundled scenarios pass against their goldens when a Swift Testing body runs them: off the main thread, in
/// parallel with other tests (the `swift test` integration path).
@Suite struct BundledScenarioSwiftTestingTests {
    @Test func everyBundledScenarioMatchesItsGoldenFromASwiftTestingBody() {
        let root = Fixtures.packageRoot
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-st-\(getpid())")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let check = GoldenCheck(store: GoldenStore(root: root, artifactsFolder: artifacts.path), mode: .never)
        #expect(!Thread.isMainThread)
        let failing = ScenarioSchemaTests.bundledScenarios().compactMap { path -> String? in
            let outcome = check.check(runner.run(file: path))
            return outcome.status == .passed ? nil : "\(path)\n\(outcome.text)"
        }
        #expect(failing == [])
    }
}
