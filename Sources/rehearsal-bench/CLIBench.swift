import Foundation

/// The command line end to end, through the release-built `rehearsal` executable next to this benchmark:
/// 1,000 Counter scenarios on two worker processes, 10,000 recorded on two, one bundled scenario and all of them
/// with `--jobs 1` beside `--help` start-up (measured interleaved, so a load that comes and goes touches both),
/// the split of one scenario's cost at the process level (see ``CLISplit``), and the floods of ``CLIFloodBench``.
enum CLIBench {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run() throws {
        let executable = try rehearsalExecutable()
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-cli-bench-\(getpid())")
        try? FileManager.default.removeItem(at: project)
        defer { try? FileManager.default.removeItem(at: project) }
        try writeScenarios(count: 1_000, under: project.appendingPathComponent("Scenarios/counter"))
        let arguments = ["run", "--jobs", "2", "--record", "missing"]
        // The first run records any missing goldens; the figure is the steady state, where goldens exist.
        try launch(executable, arguments, in: project)
        let runs = try (0..<3).map { _ in try measureSeconds { try launch(executable, arguments, in: project) } }
        report("cli.run_1000_scenarios_jobs2", median(runs), "s")

        let bundled = try ExploreBench.Sandbox(
            copying: ["Scenarios", "Mocks"], from: FileManager.default.currentDirectoryPath)
        defer { bundled.remove() }
        let folder = URL(fileURLWithPath: bundled.path)
        let one = ["run", CLISplit.scenario]
        let all = ["run", "--jobs", "1"]
        try launch(executable, one, in: folder)
        try launch(executable, all, in: folder)
        var startups: [Double] = []
        var singles: [Double] = []
        var wholes: [Double] = []
        for round in 0..<20 {
            startups.append(try measureSeconds { try launch(executable, ["--help"], in: folder) })
            singles.append(try measureSeconds { try launch(executable, one, in: folder) })
            if round % 4 == 0 { wholes.append(try measureSeconds { try launch(executable, all, in: folder) }) }
        }
        let startup = median(startups)
        report("cli.help_startup", startup * 1_000, "ms")
        report("cli.run_one_scenario_ms", median(singles) * 1_000, "ms")
        report("cli.run_one_scenario_vs_startup", median(singles) / startup, "x", decimals: 2)
        report("cli.run_bundled_jobs1_ms", median(wholes) * 1_000, "ms")
        report("cli.run_bundled_jobs1_vs_startup", median(wholes) / startup, "x", decimals: 2)
        try CLISplit.run(executable, root: folder, startup: startup)

        let records = project.appendingPathComponent("record")
        try writeScenarios(count: 10_000, under: records.appendingPathComponent("Scenarios/counter"))
        let recordings = try (0..<2).map { _ in
            try measureSeconds { try launch(executable, ["record", "--jobs", "2"], in: records) }
        }
        report("cli.record_10000_scenarios_jobs2", recordings.min() ?? 0, "s")
        try CLIFloodBench.run(executable)
    }

    /// Counter scenarios with 10 to 20 steps each, alternating add and subtract at increasing times.
    static func writeScenarios(count: Int, under folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let steps = (0..<(10 + index % 11)).map { step in
                let input = (step + index) % 3 == 0 ? "onTapSubtractButton" : "onTapAddButton"
                return "    { \"at\": \"\(step * 100)ms\", \"send\": \"\(input)\" }"
            }
            let text = """
                {
                  "viewModel": "Counter",
                  "config": { "initialCount": \(index % 7) },
                  "steps": [
                \(steps.joined(separator: ",\n"))
                  ]
                }

                """
            try Data(text.utf8).write(to: folder.appendingPathComponent(String(format: "scenario-%05d.json", index)))
        }
    }

    /// Runs `executable` in `directory` with output discarded; throws unless it exits with `status`.
    static func launch(_ executable: URL, _ arguments: [String], in directory: URL, status: Int32 = 0) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == status else {
            throw Failure(
                description: "rehearsal \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    /// Runs `executable` in `directory` and returns how many bytes it printed (stdout and stderr); throws unless it
    /// exits with `status`.
    static func printedBytes(_ executable: URL, _ arguments: [String], in directory: URL, status: Int32) throws -> Int {
        let output = directory.appendingPathComponent(".printed-\(getpid())")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        guard process.terminationStatus == status else {
            throw Failure(
                description: "rehearsal \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        return (attributes[.size] as? Int) ?? 0
    }

    static func rehearsalExecutable() throws -> URL {
        let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .deletingLastPathComponent()
        let executable = folder.appendingPathComponent("rehearsal")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(
                description: "no rehearsal executable next to the benchmark in \(folder.path); "
                    + "build it first: swift build -c release --product rehearsal")
        }
        return executable
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
