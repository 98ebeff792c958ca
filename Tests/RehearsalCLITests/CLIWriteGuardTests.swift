import Foundation
import Testing

@testable import RehearsalCLI

/// No command writes, renames over or deletes anything but its own outputs and goldens: reports aimed at inputs
/// (directly or through a symbolic link), devices, pipes, folders named like goldens, kept timelines of other
/// scenarios and names that collide are each refused or handled in place, with the files left as they were.
@Suite struct CLIWriteGuardTests {
    /// A run whose `--reporter json` results `report` can read.
    private static func results(_ cli: CLIProcess) throws {
        let run = try cli.run(["run", "--reporter", "json:.rehearsal/r.json"])
        #expect(run.status == 0, "\(run)")
    }

    @Test func reportRefusesATraceOverAScenarioFile() throws {
        // Given the results of a run
        let cli = try CLIProcess(fixture: "project")
        try Self.results(cli)
        let before = try cli.read("Scenarios/counter/add.json")
        // When `report` is asked to write its trace over a scenario file, or the report into a scenario folder
        let trace = try cli.run(
            ["report", "out", ".rehearsal/r.json", "--trace", "Scenarios/counter/add.json"])
        let folder = try cli.run(["report", "Scenarios/counter/report", ".rehearsal/r.json"])
        let results = try cli.run(["report", "out", ".rehearsal/r.json", "--trace", ".rehearsal/r.json"])
        // Then each is a usage error, nothing is written, and the scenario file is unchanged
        #expect(
            trace
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: --trace would write Scenarios/counter/add.json, which is the scenario file \
                        Scenarios/counter/add.json
                          hint: write reports outside the scenario folders, e.g. --trace .rehearsal/trace.json
                        usage: rehearsal report [options] <dir> <results.json…>

                        """))
        #expect(folder.status == 64)
        #expect(
            folder.stderr.hasPrefix(
                "error: the report would write Scenarios/counter/report/index.html, which is a file in the scenario "
                    + "folder Scenarios\n"))
        #expect(results.status == 64)
        #expect(results.stderr.hasPrefix("error: --trace would write .rehearsal/r.json, which is the results file "))
        #expect(try cli.read("Scenarios/counter/add.json") == before)
        #expect(!cli.exists("out") && !cli.exists("Scenarios/counter/report"))
    }

    @Test func aReportThroughALinkToAScenarioFolderIsRefused() throws {
        // Given a link to a scenario folder
        let cli = try CLIProcess(fixture: "project")
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("report-link").path, withDestinationPath: "Scenarios/counter")
        // When a run's HTML report is aimed at the link, and its JSON results at a link to a scenario file
        let html = try cli.run(["run", "--reporter", "html:report-link"])
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("results.json").path,
            withDestinationPath: "Scenarios/counter/add.json")
        let json = try cli.run(["run", "--reporter", "json:results.json"])
        // Then both are refused before anything runs, naming where the link leads
        #expect(
            html.stderr == """
                error: --reporter html would write report-link/index.html (Scenarios/counter/index.html, through a \
                symbolic link), which is a file in the scenario folder Scenarios
                  hint: write reports outside the scenario folders, e.g. --reporter html:.rehearsal/report
                usage: rehearsal run [options] [paths…]

                """)
        #expect([html.status, json.status] == [64, 64])
        #expect(
            json.stderr.hasPrefix(
                "error: --reporter json would write results.json (Scenarios/counter/add.json, through a symbolic "
                    + "link), which is the scenario file Scenarios/counter/add.json\n"))
        #expect(!cli.exists("Scenarios/counter/index.html"))
        #expect(try cli.read("Scenarios/counter/add.json").hasPrefix("{\n  \"viewModel\": \"Counter\""))
    }

    @Test func aFullDeviceIsWrittenInPlaceAndItsErrorReported() throws {
        // Given a run whose JUnit report goes to /dev/full (every write fails with ENOSPC) and whose JSON results go
        // to /dev/null
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["run", "--reporter", "junit:/dev/full", "--reporter", "json:/dev/null"])
        // Then the full device is reported and the run fails; /dev/null took its report; both are still devices
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                /dev/full: error: could not write the junit report: could not write the file: No space left on \
                device (ENOSPC)
                  hint: free some disk space (or raise the file size limit), then run again

                """)
        #expect(outcome.normalizedStdout.hasSuffix("wrote /dev/null (json report)\n3 scenarios: 3 passed in <time>\n"))
        for device in ["/dev/full", "/dev/null"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: device)
            #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial, "\(device)")
        }
    }

    @Test func aNamedPipeWithoutAReaderIsAnErrorNotAHang() throws {
        // Given a named pipe that nothing reads
        let cli = try CLIProcess(fixture: "project")
        #expect(mkfifo(cli.directory.appendingPathComponent("pipe").path, 0o644) == 0)
        // When a report is written to it
        let outcome = try cli.run(["run", "--reporter", "json:pipe"])
        // Then the run says so at once, and the pipe is still a pipe
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                pipe: error: could not write the json report: could not write the file: no process reads the named \
                pipe
                  hint: start the reader of the pipe first, or write to a regular file

                """)
        var status = stat()
        #expect(lstat(cli.directory.appendingPathComponent("pipe").path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func pruneRemovesOnlyGoldensItRecorded() throws {
        // Given, without scenario files: a folder named like a golden (with a file in it), a file of other content,
        // a link, another scenario's golden, and a real obsolete golden
        let cli = try CLIProcess(fixture: "project")
        let golden = try cli.read("Scenarios/counter/add.timeline.json")
        try cli.write("Scenarios/odd/folder.timeline.json/keep.txt", "precious")
        try cli.write("Scenarios/odd/notes.timeline.json", "my notes\n")
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("Scenarios/odd/link.timeline.json").path,
            withDestinationPath: "../counter/add.timeline.json")
        try cli.write("Scenarios/odd/other.timeline.json", golden)
        try cli.write(
            "Scenarios/odd/gone.timeline.json", golden.replacingOccurrences(of: "counter/add", with: "odd/gone"))
        // When pruned
        let outcome = try cli.run(["prune"])
        // Then only the real golden is removed; the rest are kept, each with its reason
        #expect(
            outcome
                == .init(
                    status: 0,
                    stdout: """
                        kept Scenarios/odd/folder.timeline.json: it is a folder, not a golden timeline
                        kept Scenarios/odd/link.timeline.json: it is a symbolic link, not a golden timeline the tool \
                        wrote
                        kept Scenarios/odd/notes.timeline.json: it is not a golden timeline
                        kept Scenarios/odd/other.timeline.json: it is the golden of scenario 'counter/add', not of \
                        'odd/other'
                        removed Scenarios/odd/gone.timeline.json
                        1 obsolete golden

                        """,
                    stderr: ""))
        #expect(try cli.read("Scenarios/odd/folder.timeline.json/keep.txt") == "precious")
        #expect(cli.exists("Scenarios/odd/notes.timeline.json") && cli.exists("Scenarios/odd/link.timeline.json"))
        #expect(!cli.exists("Scenarios/odd/gone.timeline.json"))
        #expect(try cli.read("Scenarios/counter/add.timeline.json") == golden)
    }

    @Test func acceptRefusesAKeptTimelineOfAnotherScenarioOrOfAnOldFile() throws {
        // Given two scenarios whose runs kept their timelines
        let cli = try CLIProcess(fixture: "project")
        try CLIGoldenTests.changeAdd(cli)
        let reset = try cli.read("Scenarios/counter/reset.json")
        try cli.write(
            "Scenarios/counter/reset.json",
            reset.replacingOccurrences(of: "\"initialCount\": ", with: "\"initialCount\": 1"))
        let run = try cli.run(["run"])
        #expect(run.status == 1, "\(run)")
        let goldens = try ["add", "reset"].map { try cli.read("Scenarios/counter/\($0).timeline.json") }
        // When add's kept timeline is replaced by reset's, reset's scenario file is edited, and accept runs
        let artifacts = ".rehearsal/artifacts/Scenarios/counter/"
        try cli.write(artifacts + "add.timeline.json", try cli.read(artifacts + "reset.timeline.json"))
        try cli.write("Scenarios/counter/reset.json", reset)
        let tampered = try cli.run(["accept", "Scenarios/counter/add.json"])
        let stale = try cli.run(["accept", "Scenarios/counter/reset.json"])
        // Then both are refused, saying why, and no golden changed
        #expect(
            tampered
                == .init(
                    status: 1, stdout: "",
                    stderr: """
                        .rehearsal/artifacts/Scenarios/counter/add.timeline.json: error: the kept timeline is not one \
                        a run kept for Scenarios/counter/add.json: it is the timeline of scenario 'counter/reset', \
                        not of 'counter/add'
                          hint: run the scenario again to keep its own timeline, then accept it

                        """))
        #expect(
            stale
                == .init(
                    status: 1, stdout: "",
                    stderr: """
                        .rehearsal/artifacts/Scenarios/counter/reset.timeline.json: error: Scenarios/counter/reset.json \
                        changed since this timeline was kept, so it may not be the timeline of the scenario as it is now
                          hint: run the scenario again, review the difference, then accept it

                        """))
        // And once the scenario file is gone, its kept timeline is refused too
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent("Scenarios/counter/reset.json"))
        let gone = try cli.run(["accept", "Scenarios/counter/reset.json"])
        #expect(gone.status == 1)
        #expect(
            gone.stderr == """
                .rehearsal/artifacts/Scenarios/counter/reset.timeline.json: error: the scenario file \
                Scenarios/counter/reset.json of this kept timeline no longer exists
                  hint: restore the scenario file, or remove the kept timeline

                """)
        #expect(try ["add", "reset"].map { try cli.read("Scenarios/counter/\($0).timeline.json") } == goldens)
    }

    @Test func aGoldenThatIsALinkIsWrittenThroughOrRefused() throws {
        // Given a golden kept elsewhere in the project behind a link, and a golden that is a link to a scenario file
        let cli = try CLIProcess(fixture: "project")
        let shared = cli.directory.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json"),
            to: shared.appendingPathComponent("add.timeline.json"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json").path,
            withDestinationPath: "../../Shared/add.timeline.json")
        try FileManager.default.removeItem(
            at: cli.directory.appendingPathComponent("Scenarios/counter/reset.timeline.json"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("Scenarios/counter/reset.timeline.json").path,
            withDestinationPath: "subtract.json")
        let subtract = try cli.read("Scenarios/counter/subtract.json")
        // When every golden is recorded again
        let outcome = try cli.run(["record", "Scenarios/counter/add.json", "Scenarios/counter/reset.json"])
        // Then the linked golden is written through its link, and the link to a scenario file is refused
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout.contains(
                """
                Scenarios/counter/reset.timeline.json: error: could not replace the file: it is a symbolic link to \
                Scenarios/counter/subtract.json, which is not a golden timeline (*.timeline.json)
                  hint: remove the link; goldens are written only to *.timeline.json files inside the project
                """))
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json").path)
        #expect(link == "../../Shared/add.timeline.json")
        #expect(try cli.read("Scenarios/counter/subtract.json") == subtract)
    }

    @Test func namesThatAreOneUnderUnicodeNormalisationAreAnErrorNamingBoth() throws {
        // Given `café` written with a precomposed é and with e + a combining acute accent
        let cli = try CLIProcess(fixture: "project")
        let counter = CLIHostileInputTests.counter
        try cli.write("Scenarios/names/caf\u{E9}.json", counter)
        try cli.write("Scenarios/names/cafe\u{301}.json", counter)
        // When the folder is listed and run
        let list = try cli.run(["list", "Scenarios/names"])
        let run = try cli.run(["run", "Scenarios/names", "--record", "missing"])
        // Then neither is merged into the other: both are named, as an invalid scenario file, and nothing recorded
        let error = """
            Scenarios/names/café.json: error: 2 scenario files have names that are the same under Unicode \
            normalisation ('Scenarios/names/cafe\\u{301}.json' and 'Scenarios/names/caf\\u{E9}.json'), so none of \
            them can be told apart in reports and goldens
              hint: rename all but one of them; write accented letters the same way in every name
            """
        #expect(list == .init(status: 65, stdout: "0 scenarios\n", stderr: error + "\n"))
        #expect(run.status == 65)
        #expect(run.stdout.contains(error))
        let names = try FileManager.default.contentsOfDirectory(
            atPath: cli.directory.appendingPathComponent("Scenarios/names").path)
        #expect(names.count == 2)
    }

    @Test func everyCommandRefusesARootThatIsNoFolder() throws {
        let cli = try CLIProcess(fixture: "project")
        for command in ["run", "list", "validate", "prune", "accept", "migrate", "explore"] {
            let outcome = try cli.run([command, "--root", "/nonexistent"])
            #expect(outcome.status == 64, "\(command): \(outcome)")
            #expect(
                outcome.stderr.hasPrefix(
                    """
                    error: invalid value '/nonexistent' for '--root <dir>': no such folder
                      hint: give the folder of the package whose Scenarios/ the command works on
                    usage: rehearsal \(command) 
                    """), "\(command)")
        }
    }

    @Test func migrateKeepsAGoldenThatIsALink() throws {
        // Given a format 1 golden behind a link
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Shared/add.timeline.json",
            """
            {"scenario": "counter/add", "events": [
              {"at": "0ms", "seq": 0, "state": "state", "value": {"count": 1}}
            ]}

            """)
        try FileManager.default.removeItem(
            at: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json").path,
            withDestinationPath: "../../Shared/add.timeline.json")
        // When it is migrated
        let outcome = try cli.run(["migrate", "Scenarios/counter/add.json"])
        // Then the link stays and its target holds format 3
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: cli.directory.appendingPathComponent("Scenarios/counter/add.timeline.json").path)
                == "../../Shared/add.timeline.json")
        #expect(try cli.read("Shared/add.timeline.json").hasPrefix("{\"version\": 3, \"scenario\": \"counter/add\""))
    }
}
