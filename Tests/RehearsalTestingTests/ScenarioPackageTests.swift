import Foundation
import Testing

/// End to end, as a team uses it: `swift test` on a package that depends on this one by path, with one XCTest file
/// (generated tests run in-process, and `assertScenarios` for the folder) and one Swift Testing file (generated
/// tests run in worker processes of the catalog executable, and a parameterised test run in-process). The fixture
/// is built once per run (`FixturePackage`); each test resets its scenarios and goldens first.
@Suite(.serialized) struct ScenarioPackageTests {
    /// `Scenarios/greeting/loads.json`'s step that sends "Kim": the first divergence of the planted regression.
    let loadsStepLine: Int
    /// Where that step's `{` is, `line:column`: where Swift Testing records the mismatch.
    let loadsStep: String

    init() throws {
        let step = try FixturePackage.location(
            of: #""send": "load", "value": "Kim""#, in: "Scenarios/greeting/loads.json")
        loadsStepLine = step.line
        loadsStep = "\(step.line):\(step.column)"
    }

    @Test func everyScenarioIsATestInBothFrameworksAndThePackagePasses() throws {
        try withFixture { package in
            let list = try package.swift(["test", "list", "--skip-build"])
            let tests = list.output.split(separator: "\n").filter { $0.hasPrefix("Greeting") }
            #expect(
                tests == [
                    "GreetingXCTests.FolderTests/testScenarios",
                    "GreetingXCTests.ScenarioTests/test_generatedTestsMatchTheScenarioFiles",
                    "GreetingXCTests.ScenarioTests/test_greeting_fails",
                    "GreetingXCTests.ScenarioTests/test_greeting_loads",
                    "GreetingXCTests.ScenarioTests/test_greeting_reloads",
                    "GreetingXCTests.ScenarioTests/test_stores_locate",
                    "GreetingXCTests.ScenarioTests/test_stores_profile",
                    "GreetingXCTests.ScenarioTests/test_stores_settings",
                    "GreetingSwiftTests.ScenarioTests/`greeting/fails`()",
                    "GreetingSwiftTests.ScenarioTests/`greeting/loads`()",
                    "GreetingSwiftTests.ScenarioTests/`greeting/reloads`()",
                    "GreetingSwiftTests.ScenarioTests/`stores/locate`()",
                    "GreetingSwiftTests.ScenarioTests/`stores/profile`()",
                    "GreetingSwiftTests.ScenarioTests/`stores/settings`()",
                    "GreetingSwiftTests.ScenarioTests/generatedTestsMatchTheScenarioFiles()",
                    "GreetingSwiftTests.scenario(_:)",
                ], "\(list)")

            let run = try package.swift(["test", "--skip-build"])
            #expect(run.status == 0, "\(run)")
            // The stores' ViewModels import UIKit, SwiftUI, CoreLocation, Photos and OSLog; their goldens show the
            // snapshots, images, colours, locations, assets and log lines they recorded, the same in this process
            // (XCTest) and in the catalog executable's workers (Swift Testing).
            for scenario in [
                "greeting/fails", "greeting/loads", "greeting/reloads", "stores/locate", "stores/profile",
                "stores/settings",
            ] {
                let method = scenario.replacingOccurrences(of: "/", with: "_")
                #expect(run.output.contains("Test Case 'ScenarioTests.test_\(method)' passed"), "\(run)")
                #expect(run.output.contains("✔ Test \"\(scenario)\" passed"), "\(run)")
            }
            #expect(run.output.contains("Checked 6 scenarios under Scenarios: 6 passed"), "\(run)")
            #expect(run.output.contains("✔ Test scenario(_:) with 6 test cases passed"), "\(run)")
            #expect(!package.exists(".rehearsal"))
        }
    }

    @Test func aRegressionFailsEachTestAtTheScenarioStepWithTheDiffAttached() throws {
        try withFixture { package in
            try plantRegression(in: package)
            let attachments = FixturePackage.workspace.appendingPathComponent("attachments")
            try? FileManager.default.removeItem(at: attachments)
            try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)

            let run = try package.swift(["test", "--skip-build", "--attachments-path", attachments.path])

            #expect(run.status != 0, "\(run)")
            let scenario = package.directory.appendingPathComponent("Scenarios/greeting/loads.json").path
            for test in ["ScenarioTests.test_greeting_loads", "FolderTests.testScenarios"] {
                // The place once, XCTest's: the text after it starts with what differs.
                #expect(
                    run.output.contains(
                        "\(scenario):\(loadsStepLine): error: \(test) : timeline differs from the golden "
                            + "Scenarios/greeting/loads.timeline.json (compare: exact): 1 event changed\n"), "\(run)")
            }
            #expect(run.output.contains("✘ Test \"greeting/loads\" recorded an issue at loads.json:\(loadsStep)"))
            #expect(
                run.output.contains(
                    "✘ Test scenario(_:) recorded an issue with 1 argument scenario → greeting/loads at "
                        + "loads.json:\(loadsStep)"), "\(run)")
            #expect(run.output.contains(#"value: - "Hello, Kim?" + "Hello, Kim!""#), "\(run)")
            // No comment of the test file is printed as the suite's comment under the failures
            #expect(!run.output.contains("↳ //"), "\(run)")
            #expect(run.output.contains("✔ Test \"greeting/fails\" passed"), "\(run)")
            #expect(run.output.contains("Test Case 'ScenarioTests.test_greeting_reloads' passed"), "\(run)")

            // Each Swift Testing test attached the diff and the actual timeline (the golden as checked in).
            let saved = (try FileManager.default.contentsOfDirectory(atPath: attachments.path)).sorted()
            #expect(saved.filter { $0.hasSuffix(".diff.txt") }.count == 2, "\(saved)")
            let timelines = saved.filter { $0.hasSuffix(".timeline.json") }
            #expect(timelines.count == 2, "\(saved)")
            let golden = try FixturePackage.fixtureText("Scenarios/greeting/loads.timeline.json")
            for name in timelines {
                let text = try String(contentsOf: attachments.appendingPathComponent(name), encoding: .utf8)
                #expect(text == golden, "\(name)")
            }
            #expect(package.exists(".rehearsal/artifacts/Scenarios/greeting/loads.timeline.json"))
        }
    }

    @Test func aMissingGoldenUnderCIFailsAndWritesNothing() throws {
        try withFixture { package in
            try package.remove("Scenarios/greeting/fails.timeline.json")

            let run = try package.swift(["test", "--skip-build"], environment: ["CI": "true"])

            #expect(run.status != 0, "\(run)")
            let scenario = package.directory.appendingPathComponent("Scenarios/greeting/fails.json").path
            #expect(run.output.contains("\(scenario):1: error: ScenarioTests.test_greeting_fails : "), "\(run)")
            #expect(run.output.contains("✘ Test \"greeting/fails\" recorded an issue at fails.json:1:1"), "\(run)")
            #expect(run.output.contains("no golden timeline at Scenarios/greeting/fails.timeline.json"), "\(run)")
            #expect(!package.exists("Scenarios/greeting/fails.timeline.json"))
            #expect(!package.exists(".rehearsal"))
        }
    }

    @Test(arguments: ["GreetingXCTests", "GreetingSwiftTests"])
    func recordAllRewritesGoldensAndReportsIt(framework: String) throws {
        try withFixture { package in
            try package.remove("Scenarios/greeting/fails.timeline.json")
            try plantRegression(in: package)

            let run = try package.swift(
                ["test", "--skip-build", "--filter", framework], environment: ["REHEARSAL_RECORD": "all"])

            #expect(run.status == 0, "\(run)")
            for name in ["fails", "loads", "reloads"] {
                let path = "Scenarios/greeting/\(name).timeline.json"
                #expect(try package.read(path) == FixturePackage.fixtureText(path), "\(path)")
            }
            // The first test to check a scenario records it; the others then find it matching.
            if framework == "GreetingXCTests" {
                // The warning is at the golden it wrote, its place printed once
                let golden = package.directory.appendingPathComponent("Scenarios/greeting/fails.timeline.json").path
                #expect(
                    run.output.contains(
                        "\(golden):1: warning: recorded a new golden timeline; review it and commit it"), "\(run)")
            } else {
                #expect(run.output.contains("recorded a warning"), "\(run)")
                // At the golden it wrote, as XCTest places it
                #expect(run.output.contains("at fails.timeline.json:1:1: "), "\(run)")
                #expect(
                    run.output.contains(
                        "Scenarios/greeting/loads.timeline.json: note: re-recorded the golden timeline, which differed"),
                    "\(run)")
            }
        }
    }

    @Test func aGoldenRecordedUnderCIFailsTheRun() throws {
        try withFixture { package in
            try package.remove("Scenarios/greeting/fails.timeline.json")

            // XCTest's test of the scenario runs (and records) first; Swift Testing's then finds the golden.
            let run = try package.swift(
                ["test", "--skip-build", "--filter", "test_greeting_fails|greeting/fails"],
                environment: ["CI": "true", "REHEARSAL_RECORD": "missing"])

            #expect(run.status != 0, "\(run)")
            // The reason is the XCTest failure's headline, the note of what was recorded under it
            let scenario = package.directory.appendingPathComponent("Scenarios/greeting/fails.json").path
            #expect(
                run.output.contains(
                    "\(scenario):1: error: ScenarioTests.test_greeting_fails : a golden recorded under CI (CI) fails: "
                        + "nobody reviewed it; record it locally (swift test records missing goldens), review it and "
                        + "commit it\nScenarios/greeting/fails.timeline.json: note: recorded a new golden timeline; "
                        + "review it and commit it\n"), "\(run)")
            #expect(
                try package.read("Scenarios/greeting/fails.timeline.json")
                    == FixturePackage.fixtureText(
                        "Scenarios/greeting/fails.timeline.json"))
        }
    }

    @Test func aScenarioAddedOrRemovedSinceTheTestsWereGeneratedFailsOneTestWithTheCommandToRun() throws {
        try withFixture { package in
            // Given scenario files changed after the build that generated the tests (`swift test` reuses that plan)
            try package.write(
                "Scenarios/greeting/added.json", try package.read("Scenarios/greeting/loads.json"))
            try package.remove("Scenarios/greeting/reloads.json")
            // Then each framework's generated suite has one failing test that names the files and the command
            let problem =
                "the generated scenario tests are older than the scenario files (no test for "
                + "Scenarios/greeting/added.json; tests for files that are gone: Scenarios/greeting/reloads.json)\n"
                + "  hint: run 'swift build --build-tests', then 'swift test': SwiftPM runs the RehearsalScenarioTests "
                + "plugin when it plans a build, which 'swift test' skips while no source file changed"
            for filter in ["test_generatedTestsMatchTheScenarioFiles", "generatedTestsMatchTheScenarioFiles()"] {
                let run = try package.swift(["test", "--skip-build", "--filter", filter])
                #expect(run.status != 0, "\(run)")
                #expect(run.output.contains(problem), "\(run)")
            }
        }
    }

    @Test func filterSelectsScenariosByName() throws {
        try withFixture { package in
            try plantRegression(in: package)

            let swiftTesting = try package.swift(["test", "--skip-build", "--filter", "greeting/fails"])
            #expect(swiftTesting.status == 0, "\(swiftTesting)")
            #expect(swiftTesting.output.contains("✔ Test \"greeting/fails\" passed"), "\(swiftTesting)")
            #expect(!swiftTesting.output.contains("greeting/loads"), "\(swiftTesting)")
            #expect(swiftTesting.output.contains("✔ Test run with 1 test"), "\(swiftTesting)")

            let xctest = try package.swift(["test", "--skip-build", "--filter", "test_greeting_fails"])
            #expect(xctest.status == 0, "\(xctest)")
            #expect(xctest.output.contains("Test Case 'ScenarioTests.test_greeting_fails' passed"), "\(xctest)")
            #expect(xctest.output.contains("Executed 1 test, with 0 failures"), "\(xctest)")
        }
    }

    @Test func theStarterScenarioOfEveryViewModelOfTheTeamsCatalogIsValidRecordsAndPasses() throws {
        try withFixture { package in
            // Given a starter scenario of each ViewModel, written by the team's executable
            for name in ["Greeting", "NearbyStore", "StoreProfile", "StoreSettings"] {
                let made = try package.rehearsal(["new", "--viewmodel", name, "Scenarios/starter/\(name).json"])
                #expect(made.status == 0, "\(made)")
                #expect(made.output.hasPrefix("wrote Scenarios/starter/\(name).json: "), "\(made)")
            }
            // When they are validated, recorded and run against their goldens
            let validated = try package.rehearsal(["validate", "Scenarios/starter"])
            let recorded = try package.rehearsal(["record", "Scenarios/starter"])
            let run = try package.rehearsal(["run", "--record", "never", "Scenarios/starter"])
            // Then each is valid, records its golden, and passes
            #expect(validated.output.contains("validated 4 scenarios: 4 valid, 0 invalid"), "\(validated)")
            #expect(recorded.output.contains("4 scenarios: 0 passed, 4 recorded in "), "\(recorded)")
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("4 scenarios: 4 passed in "), "\(run)")
            // And the Greeting's starter sends a name and scripts the repository it called with it
            let greeting = try package.read("Scenarios/starter/Greeting.json")
            #expect(greeting.contains(#"{"at": "0.000s", "send": "load", "value": "text"}"#), "\(greeting)")
            #expect(
                greeting.contains(
                    #"    "GreetingRepository.greeting": [\#n      {"when": {"for": "text"}, "never": true}"#),
                "\(greeting)")
        }
    }

    @Test func parallelRunsPassRecordAndFailAsSerialOnes() throws {
        try withFixture { package in
            // Every test process records the missing goldens at once; each write is atomic, so each ends whole.
            for name in ["fails", "loads", "reloads"] { try package.remove("Scenarios/greeting/\(name).timeline.json") }
            let passing = try package.swift(
                ["test", "--skip-build", "--parallel"], environment: ["REHEARSAL_RECORD": "missing"])
            #expect(passing.status == 0, "\(passing)")
            for name in ["fails", "loads", "reloads"] {
                let path = "Scenarios/greeting/\(name).timeline.json"
                #expect(try package.read(path) == FixturePackage.fixtureText(path), "\(path)")
            }

            try plantRegression(in: package)
            let failing = try package.swift(["test", "--skip-build", "--parallel"])
            #expect(failing.status != 0, "\(failing)")
            let scenario = package.directory.appendingPathComponent("Scenarios/greeting/loads.json").path
            #expect(failing.output.contains("\(scenario):\(loadsStepLine): error: "), "\(failing)")
            #expect(
                failing.output.contains("✘ Test \"greeting/loads\" recorded an issue at loads.json:\(loadsStep)"))
        }
    }

    /// The golden of `greeting/loads` expects "Hello, Kim?" where the run shows "Hello, Kim!".
    private func plantRegression(in package: FixturePackage) throws {
        let path = "Scenarios/greeting/loads.timeline.json"
        let golden = try package.read(path)
        #expect(golden.contains("Hello, Kim!"))
        try package.write(path, golden.replacingOccurrences(of: "Hello, Kim!", with: "Hello, Kim?"))
    }

    private func withFixture(_ body: (FixturePackage) throws -> Void) throws {
        let package = try FixturePackage.built()
        try package.withLock {
            try package.reset()
            try body(package)
        }
    }
}

/// `swift package rehearsal …` in the team's package builds its catalog executable and runs the command there.
@Suite(.serialized) struct RehearsalCommandPluginTests {
    @Test func everyCommandRunsWithTheCatalogExecutable() throws {
        let package = try FixturePackage.built()
        try package.withLock {
            try package.reset()
            let plugin = ["package", "--allow-writing-to-package-directory", "rehearsal"]

            let unasked = try package.swift(["package", "rehearsal", "list"])
            #expect(unasked.status != 0, "\(unasked)")
            #expect(unasked.output.contains("Use `--allow-writing-to-package-directory` to allow this."), "\(unasked)")

            let list = try package.swift(plugin + ["list"])
            #expect(list.status == 0, "\(list)")
            #expect(list.output.contains("greeting/fails  Scenarios/greeting/fails.json\n"), "\(list)")
            #expect(list.output.contains("6 scenarios\n"), "\(list)")

            let validate = try package.swift(plugin + ["validate"])
            #expect(validate.output.contains("validated 6 scenarios: 6 valid, 0 invalid"), "\(validate)")

            // `new` writes a starter scenario, and its hint names the plugin
            let new = try package.swift(plugin + ["new", "--viewmodel", "Greeting", "Scenarios/greeting/first.json"])
            #expect(new.status == 0, "\(new)")
            #expect(
                new.output.contains(
                    "then 'swift package --allow-writing-to-package-directory rehearsal record "
                        + "Scenarios/greeting/first.json' records its golden"), "\(new)")
            try package.remove("Scenarios/greeting/first.json")

            let golden = "Scenarios/greeting/loads.timeline.json"
            try package.write(golden, try package.read(golden).replacingOccurrences(of: "Kim!", with: "Kim?"))
            let run = try package.swift(plugin + ["run"])
            #expect(run.status != 0, "\(run)")
            #expect(run.output.contains("FAIL greeting/loads (Scenarios/greeting/loads.json)"), "\(run)")
            // The hints name the command that was typed, not the executable the plugin built (not on the PATH)
            #expect(
                run.output.contains(
                    "  hint: fix the ViewModel if the difference is a regression; if it is intended, run 'swift "
                        + "package --allow-writing-to-package-directory rehearsal accept Scenarios/greeting/loads.json'"
                ),
                "\(run)")
            let accept = try package.swift(plugin + ["accept"])
            #expect(accept.output.contains("accepted Scenarios/greeting/loads.timeline.json"), "\(accept)")
            #expect(try package.read(golden) == FixturePackage.fixtureText(golden))

            try package.remove("Scenarios/greeting/fails.timeline.json")
            try package.write(
                "Scenarios/greeting/gone.timeline.json",
                "{\"version\": 3, \"scenario\": \"greeting/gone\", \"events\": [\n]}\n")
            let record = try package.swift(plugin + ["record"])
            #expect(record.status == 0, "\(record)")
            let fails = "Scenarios/greeting/fails.timeline.json"
            #expect(try package.read(fails) == FixturePackage.fixtureText(fails))
            let prune = try package.swift(plugin + ["prune"])
            #expect(prune.output.contains("removed Scenarios/greeting/gone.timeline.json"), "\(prune)")
            #expect(!package.exists("Scenarios/greeting/gone.timeline.json"))
        }
    }
}
