import Foundation
import Testing

@testable import RehearsalCLI

/// Usage lines, help and hints name the executable as it was invoked: a team's own executable by its name, and the
/// `swift package rehearsal` plugin (which sets REHEARSAL_INVOKED_AS for its child) by the command users typed.
@Suite struct CLIProgramNameTests {
    @Test func aTeamsExecutableNamesItselfInHelpAndUsageErrors() throws {
        let cli = try CLIProcess(fixture: "project", executable: "rehearsal-fixtures")
        let help = try cli.run(["list", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: rehearsal-fixtures list [options] [paths…]\n"))
        #expect(
            help.stdout.hasSuffix(
                "EXAMPLES:\n  # the scenarios of the second shard of four\n  rehearsal-fixtures list --shard 2/4\n"))
        let top = try cli.run(["--help"])
        #expect(top.stdout.contains("USAGE: rehearsal-fixtures <command> [options] [arguments]\n"))
        #expect(
            top.stdout.contains("  See 'rehearsal-fixtures <command> --help' for a command's options and examples.\n"))
        #expect(
            try cli.run(["list", "--verbose"])
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: unknown option '--verbose'
                          hint: run 'rehearsal-fixtures list --help' to see the options
                        usage: rehearsal-fixtures list [options] [paths…]

                        """))
        #expect(
            try cli.run(["--jobs", "2"])
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: unknown option '--jobs'
                          hint: put options after the command, such as 'rehearsal-fixtures run --jobs'
                        usage: rehearsal-fixtures <command> [options] [arguments]

                        """))
    }

    @Test func underTheSwiftPackagePluginHintsNameThePluginCommand() throws {
        // Given a scenario whose timeline changed, run the way the plugin runs the executable
        let cli = try CLIProcess(fixture: "project")
        try CLIGoldenTests.changeAdd(cli)
        let plugin = ["REHEARSAL_INVOKED_AS": "swift package --allow-writing-to-package-directory rehearsal"]
        let failing = try cli.run(["run", "Scenarios/counter/add.json"], environment: plugin)
        // Then the hints name `swift package rehearsal` with the flag the plugin needs, so they can be pasted as they
        // are, not the executable's file name (which is not on the PATH)
        #expect(failing.status == 1)
        #expect(
            failing.stdout.contains(
                "  hint: fix the ViewModel if the difference is a regression; if it is intended, run 'swift package "
                    + "--allow-writing-to-package-directory rehearsal accept Scenarios/counter/add.json' (the run's "
                    + "timeline is kept at "
                    + ".rehearsal/artifacts/Scenarios/counter/add.timeline.json), or 'swift package "
                    + "--allow-writing-to-package-directory rehearsal run --record failed Scenarios/counter/add.json'\n"
            ))
        #expect(
            try cli.run(["run", "--recrod", "all"], environment: plugin)
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: unknown option '--recrod'
                          hint: did you mean '--record'?
                        usage: swift package --allow-writing-to-package-directory rehearsal run [options] [paths…]

                        """))
    }

    @Test func anExecutableInThePackagesBuildFolderIsNamedAsSwiftRunStartsIt() throws {
        // Given a package whose `.build` holds the executable, as `swift build` leaves it (`.build/debug` links to the
        // triple's folder)
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("program-name-\(UUID())")
        defer { try? FileManager.default.removeItem(at: package) }
        let triple = package.appendingPathComponent(".build/x86_64-unknown-linux-gnu")
        for configuration in ["debug", "release"] {
            let folder = triple.appendingPathComponent(configuration)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(
                FileManager.default.createFile(
                    atPath: folder.appendingPathComponent("store-rehearsal").path, contents: Data()))
            try FileManager.default.createSymbolicLink(
                atPath: package.appendingPathComponent(".build/\(configuration)").path,
                withDestinationPath: folder.path)
        }
        func program(_ started: String, in directory: URL = package) -> String {
            RehearsalCLI.program(arguments: [started], environment: [:], directory: directory.path)
        }
        // Then, started from the package's folder (as `swift run` starts it), hints say the command that works there,
        // since the file name alone is not on the PATH
        #expect(program(package.path + "/.build/debug/store-rehearsal") == "swift run store-rehearsal")
        #expect(program(".build/debug/store-rehearsal") == "swift run store-rehearsal")
        #expect(
            program(triple.path + "/release/store-rehearsal") == "swift run -c release store-rehearsal")
        // And elsewhere, or by its name on the PATH, it is named by its file name
        #expect(program(package.path + "/.build/debug/store-rehearsal", in: triple) == "store-rehearsal")
        #expect(program("store-rehearsal") == "store-rehearsal")
        #expect(program("/usr/local/bin/store-rehearsal") == "store-rehearsal")
        // And the plugin's variable wins over both
        #expect(
            RehearsalCLI.program(
                arguments: [".build/debug/store-rehearsal"],
                environment: ["REHEARSAL_INVOKED_AS": "swift package rehearsal"],
                directory: package.path) == "swift package rehearsal")
    }
}
