import Foundation
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// The command line against hostile input and failing file systems: every case ends with a clear error and the
/// right exit status, never a crash, a hang, a misread file or a half-written file.
@Suite struct CLIHostileInputTests {
    static let counter =
        #"{"viewModel": "Counter", "config": {"initialCount": 1}, "steps": [{"send": "onTapAddButton"}]}"#

    @Test func aChainOfThreeThousandFileReferencesIsALocatedErrorNotACrash() throws {
        // Given a scenario whose config comes from a chain of 3,000 files, each referencing the next
        let cli = try CLIProcess(fixture: "project")
        for index in 0..<3_000 {
            try cli.write("Mocks/chain/\(index).json", #"{"$file": "Mocks/chain/\#(index + 1).json"}"#)
        }
        try cli.write("Mocks/chain/3000.json", #"{"initialCount": 1}"#)
        try cli.write(
            "Scenarios/deep.json",
            #"{"viewModel": "Counter", "config": {"$file": "Mocks/chain/0.json"}, "steps": []}"#)
        // When it is validated
        let outcome = try cli.run(["validate", "Scenarios/deep.json"])
        // Then the chain is cut at its limit, with the error where the limit is hit and the whole chain shown
        #expect(outcome.status == 65)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == [
                #"Mocks/chain/63.json:1:11: error: expected at most 64 nested $file references, found a chain that goes deeper"#,
                #"{"$file": "Mocks/chain/64.json"}"#,
                "          ^",
                "  hint: reference the file with the content directly instead of through a chain of files",
            ])
        #expect(lines.filter { $0.hasPrefix("  referenced from ") }.count == 64)
        #expect(lines.last == "  referenced from Scenarios/deep.json:1:46")
    }

    @Test func aHugeTimeoutIsAUsageErrorNotATrap() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["run", "--timeout", "2080000h"])
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr == """
                error: invalid value '2080000h' for '--timeout <duration>': the longest timeout is 24h00m00.000s
                  hint: give a timeout of 24h00m00.000s or less, such as 10m
                usage: rehearsal run [options] [paths…]

                """)
    }

    @Test func aGoldenThatCannotBeWrittenSaysWhatFailedAndWhere() throws {
        // Given a scenario whose golden is larger than the files this process may write (`ulimit -f`, which holds
        // for root too, as a full disk would)
        let cli = try CLIProcess(fixture: "project")
        let steps = (0..<100).map { #"{"at": "\#($0)ms", "send": "onTapAddButton"}"# }.joined(separator: ", ")
        try cli.write(
            "Scenarios/big.json", #"{"viewModel": "Counter", "config": {"initialCount": 0}, "steps": [\#(steps)]}"#)
        // When it is recorded
        let outcome = try cli.run(
            [
                "-c", #"ulimit -f 8 && exec "$0" "$@""#,
                CLIProcess.buildDirectory.appendingPathComponent("rehearsal").path,
                "run", "Scenarios/big.json", "--record", "missing",
            ], executablePath: "/bin/sh")
        // Then the failure is the write and its reason, not "record it with --record missing", and nothing was left
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout == """
                FAIL big (Scenarios/big.json)
                Scenarios/big.timeline.json: error: could not write the file: File too large (EFBIG)
                  hint: free some disk space (or raise the file size limit), then run again
                1 scenario: 0 passed, 1 failed in <time>

                """)
        #expect(!cli.exists("Scenarios/big.timeline.json"))
        #expect(CLISignalTests.leftovers(in: cli.directory) == [])
    }

    @Test func aGoldenThatIsAFolderOrAPipeIsNamedNotWaitedFor() throws {
        // Given one scenario whose golden is a folder and one whose golden is a named pipe (reading it would block)
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/odd/folder.json", Self.counter)
        try cli.write("Scenarios/odd/pipe.json", Self.counter)
        try FileManager.default.createDirectory(
            at: cli.directory.appendingPathComponent("Scenarios/odd/folder.timeline.json"),
            withIntermediateDirectories: true)
        #expect(mkfifo(cli.directory.appendingPathComponent("Scenarios/odd/pipe.timeline.json").path, 0o644) == 0)
        // When they run
        let outcome = try cli.run(["run", "Scenarios/odd", "--record", "missing"])
        // Then each fails with what is wrong with its golden
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout == """
                FAIL odd/folder (Scenarios/odd/folder.json)
                Scenarios/odd/folder.timeline.json: error: could not read the file: it is a folder, not a file (EISDIR)
                  hint: remove or rename the folder in the file's place
                FAIL odd/pipe (Scenarios/odd/pipe.json)
                Scenarios/odd/pipe.timeline.json: error: could not read the file: it is not a regular file (a pipe, \
                a socket or a device)
                  hint: replace it with the golden timeline file, or remove it to record a new one
                2 scenarios: 0 passed, 2 failed in <time>

                """)
    }

    @Test func aReporterMayNotWriteOverAnInput() throws {
        // Given a project, and a reporter aimed at one of its scenario files
        let cli = try CLIProcess(fixture: "project")
        let before = try cli.read("Scenarios/counter/add.json")
        let outcome = try cli.run(["run", "--reporter", "json:Scenarios/counter/add.json"])
        // Then nothing runs, the file is unchanged, and the error says why
        #expect(outcome.status == 64)
        #expect(try cli.read("Scenarios/counter/add.json") == before)
        #expect(
            outcome.stderr == """
                error: --reporter json would write Scenarios/counter/add.json, which is the scenario file \
                Scenarios/counter/add.json
                  hint: write reports outside the scenario folders, e.g. --reporter json:.rehearsal/results
                usage: rehearsal run [options] [paths…]

                """)
        // And a report anywhere inside a scenario folder is refused too (it would be read as a scenario)
        let inside = try cli.run(["run", "--reporter", "json:Scenarios/results.json"])
        #expect(inside.status == 64)
        #expect(!cli.exists("Scenarios/results.json"))
        // And explore refuses it alike, before exploring anything
        let explore = try cli.run(["explore", "Scenarios/counter", "--reporter", "html:Scenarios/counter/report"])
        #expect(explore.status == 64)
        #expect(!cli.exists("Scenarios/counter/report"))
        #expect(
            explore.stderr.hasPrefix(
                "error: --reporter html would write Scenarios/counter/report/index.html, which is a file in the "
                    + "scenario folder Scenarios/counter\n"))
    }

    @Test func aReportThatCannotBeWrittenSaysWhatFailedInTheHouseFormat() throws {
        // Given a folder where the JSON report should go
        let cli = try CLIProcess(fixture: "project")
        try FileManager.default.createDirectory(
            at: cli.directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let outcome = try cli.run(["run", "--reporter", "json:out"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                out: error: could not write the json report: could not replace the file: it is a folder, not a file \
                (EISDIR)
                  hint: remove or rename the folder in the file's place

                """)
    }

    @Test func anInvalidConfigExits65FromValidateAndFromRun() throws {
        // Given a scenario whose config does not decode
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Scenarios/bad-config.json",
            #"{"viewModel": "Counter", "config": {"initialCount": "one"}, "steps": []}"#)
        // Then validate and run agree: the scenario file is invalid
        let validate = try cli.run(["validate", "Scenarios/bad-config.json"])
        let run = try cli.run(["run", "Scenarios/bad-config.json"])
        #expect([validate.status, run.status] == [65, 65])
        let error = """
            Scenarios/bad-config.json:1:53: error: config.initialCount: expected an integer, found the string "one"
            {"viewModel": "Counter", "config": {"initialCount": "one"}, "steps": []}
                                                                ^
              hint: write an integer here, without quotes
            """
        #expect(validate.stderr == error + "\n")
        #expect(run.stdout.contains(error))
    }

    @Test func fileNamesWithANewlineOrAnInvalidByteAreNeverMisread() throws {
        // Given a scenario whose name holds a newline, and one whose name holds the byte 0xFF
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/odd/new\nline.json", Self.counter)
        let invalidName = Array("Scenarios/odd/bad".utf8) + [0xFF] + Array(".json".utf8)
        try Self.write(Self.counter, toBytesPath: Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + invalidName)
        // When the folder runs, recording missing goldens
        let outcome = try cli.run(["run", "Scenarios/odd", "--record", "missing", "--reporter", "json:out.json"])
        // Then both run and record their goldens under their own names (the worker protocol carries the newline
        // escaped and the invalid byte as bytes); the results show the invalid name escaped and keep its bytes
        #expect(outcome.status == 0, "\(outcome)")
        let results = try cli.results("out.json")
        #expect(
            results.scenarios.map { "\($0.path) \($0.status)" } == [
                "Scenarios/odd/bad\\xFF.json recorded", "Scenarios/odd/new\nline.json recorded",
            ])
        #expect(results.scenarios.first?.path == PathName(bytes: invalidName))
        #expect(cli.exists("Scenarios/odd/new\nline.timeline.json"))
        let golden = Array("Scenarios/odd/bad".utf8) + [0xFF] + Array(".timeline.json".utf8)
        #expect(Self.exists(Array(cli.directory.path.utf8) + [UInt8(ascii: "/")] + golden))
        // And explore plays both
        let explore = try cli.run(["explore", "Scenarios/odd", "--reporter", "json:explored.json"])
        #expect(explore.status == 0, "\(explore)")
        #expect(
            try cli.results("explored.json").scenarios.map { "\($0.path) \($0.status)" } == [
                "Scenarios/odd/bad\\xFF.json passed", "Scenarios/odd/new\nline.json passed",
            ])
    }

    /// Writes `text` to the file whose path is `bytes` (which need not be UTF-8).
    static func write(_ text: String, toBytesPath bytes: [UInt8]) throws {
        let descriptor = PathName(bytes: bytes).withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        #expect(descriptor >= 0)
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
    }

    /// Whether something is at the path whose bytes are `bytes`.
    static func exists(_ bytes: [UInt8]) -> Bool {
        var status = stat()
        return PathName(bytes: bytes).withCString { lstat($0, &status) } == 0
    }

    @Test func aNulInAFileReferenceIsRejectedAndNoGoldenIsWritten() throws {
        // Given a reference whose path holds a NUL (which C would truncate to an existing file's name)
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Mocks/config.json", #"{"initialCount": 1}"#)
        try cli.write(
            "Scenarios/nul.json",
            #"{"viewModel": "Counter", "config": {"$file": "Mocks/config.json\u0000.txt"}, "steps": []}"#)
        let outcome = try cli.run(["run", "Scenarios/nul.json", "--record", "missing"])
        #expect(outcome.status == 65)
        #expect(!cli.exists("Scenarios/nul.timeline.json"))
        #expect(
            outcome.stdout.contains(
                #"Scenarios/nul.json:1:46: error: expected a file path without NUL characters, found "Mocks/config.json\u0000.txt""#
            ))
    }

    @Test func concurrentRunsOfOneProjectKeepEveryIndexEntryAndLeaveNoLockOrTemporaryFile() throws {
        // Given 24 scenarios whose goldens no longer match, so every run keeps an artifact and indexes it
        let cli = try CLIProcess(fixture: "project")
        for index in 0..<24 {
            let path = String(format: "Scenarios/many/s%02d", index)
            try cli.write(path + ".json", Self.counter)
            try cli.write(
                path + ".timeline.json",
                "{\"scenario\": \"many/\(String(format: "s%02d", index))\", \"events\": [\n]}\n")
        }
        // And a temporary file a killed run left beside a golden (its process is gone)
        try cli.write("Scenarios/many/.s00.timeline.json.tmp-999999999-1", "half a golden")
        // When two runs work on the project at once, each on half of it
        let first = try cli.start(["run", "Scenarios/many", "--shard", "1/2", "--jobs", "2", "--record", "never"])
        let second = try cli.start(["run", "Scenarios/many", "--shard", "2/2", "--jobs", "2", "--record", "never"])
        let outcomes = try [first.finish(), second.finish()]
        // Then both failed their scenarios, and the index lists every one of them
        #expect(outcomes.map(\.status) == [1, 1])
        let index = try cli.read(".rehearsal/artifacts/index.json")
        let listed = index.split(separator: "\n").filter { $0.contains("\"scenario\"") }.count
        #expect(listed == 24, "\(index)")
        // And the stale temporary file is gone, and no lock or temporary file is left anywhere
        #expect(CLISignalTests.leftovers(in: cli.directory) == [])
    }
}
