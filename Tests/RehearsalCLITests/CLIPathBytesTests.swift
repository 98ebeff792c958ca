import Foundation
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// A scenario file whose name is not UTF-8 (a Linux file system takes any byte but `/` and NUL) is found, run,
/// recorded and reported as the file it is: named on the command line, found by a walk, carried through the worker
/// protocol and into its golden by its bytes, and shown with the byte escaped (`\xFF`).
@Suite struct CLIPathBytesTests {
    static let name = Array("Scenarios/odd/bad".utf8) + [0xFF] + Array(".json".utf8)
    static let golden = Array("Scenarios/odd/bad".utf8) + [0xFF] + Array(".timeline.json".utf8)

    static func project() throws -> CLIProcess {
        let cli = try CLIProcess(fixture: "project")
        try FileManager.default.createDirectory(
            at: cli.directory.appendingPathComponent("Scenarios/odd"), withIntermediateDirectories: true)
        try CLIHostileInputTests.write(
            CLIHostileInputTests.counter, toBytesPath: Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + name)
        return cli
    }

    /// Runs the `rehearsal` executable through a shell, which hands it the byte 0xFF as it is (`$'\377'`).
    static func shell(_ cli: CLIProcess, _ command: String) throws -> CLIProcess.Outcome {
        let binary = CLIProcess.buildDirectory.appendingPathComponent("rehearsal").path
        return try cli.run(
            ["-c", "exec \"$0\" \(command) \"$(printf 'Scenarios/odd/bad\\377.json')\"", binary],
            executablePath: "/bin/sh")
    }

    @Test func aScenarioNamedOnTheCommandLineByItsBytesIsRecordedThenPasses() throws {
        // Given a scenario file whose name holds the byte 0xFF
        let cli = try Self.project()
        // When it is named on the command line to record it
        let record = try Self.shell(cli, "record")
        // Then it is recorded under its own bytes, and shown escaped
        #expect(record.status == 0, "\(record)")
        #expect(
            record.stdout.hasPrefix(
                "RECORDED odd/bad\\xFF (Scenarios/odd/bad\\xFF.json)\n"
                    + "  Scenarios/odd/bad\\xFF.timeline.json: note: recorded a new golden timeline; review it and "
                    + "commit it\n"))
        #expect(CLIHostileInputTests.exists(Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + Self.golden))
        let goldenText = try #require(
            try? FileBytes.read(PathName(bytes: Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + Self.golden)))
        #expect(
            String(decoding: goldenText, as: UTF8.self).hasPrefix(
                #"{"version": 3, "scenario": "odd/bad\\xFF", "events": ["#))
        // And a run of it passes against that golden; list names it
        let run = try Self.shell(cli, "run")
        #expect(run.status == 0, "\(run)")
        #expect(run.normalizedStdout.hasSuffix("1 scenario: 1 passed in <time>\n"), "\(run)")
        let list = try cli.run(["list", "Scenarios/odd"])
        #expect(list.stdout == "odd/bad\\xFF  Scenarios/odd/bad\\xFF.json\n1 scenario\n")
    }

    @Test func aChangedRunKeepsItsTimelineAndTheHintQuotesTheNameForAShell() throws {
        // Given the recorded scenario, then a golden that differs from its run
        let cli = try Self.project()
        _ = try Self.shell(cli, "record")
        let goldenPath = PathName(bytes: Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + Self.golden)
        let text = String(decoding: try FileBytes.read(goldenPath), as: UTF8.self)
        try CLIHostileInputTests.write(
            text.replacingOccurrences(of: "\"count\": 2", with: "\"count\": 3"), toBytesPath: goldenPath.bytes)
        // When it runs
        let run = try cli.run(["run", "Scenarios/odd"])
        // Then it fails with the diff, keeps its timeline for accept, and the hint's command reads back its bytes
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains(
                "hint: fix the ViewModel if the difference is a regression; if it is intended, run 'rehearsal "
                    + "accept $'Scenarios/odd/bad\\xff.json'' (the run's timeline is kept at "
                    + ".rehearsal/artifacts/Scenarios/odd/bad\\xFF.timeline.json), or 'rehearsal run --record failed "
                    + "$'Scenarios/odd/bad\\xff.json''"))
        // And accept, named by its bytes, makes the kept timeline the golden again
        let accept = try Self.shell(cli, "accept")
        #expect(accept.status == 0, "\(accept)")
        #expect(try cli.run(["run", "Scenarios/odd"]).status == 0)
    }
}
