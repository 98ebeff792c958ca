// rehearsal-bench: release-mode benchmarks, one `<name> <value> <unit>` line per figure.
//
//     swift run -c release rehearsal-bench <suite>...    (suites: see `usage`; `all` runs every suite)

import Foundation
import VirtualTime

/// Prints one figure as `<name> <value> <unit>`, the format every suite uses, with one decimal unless told.
func report(_ name: String, _ value: Double, _ unit: String, decimals: Int = 1) {
    FileHandle.standardOutput.write(Data("\(name) \(String(format: "%.\(decimals)f", value)) \(unit)\n".utf8))
}

/// Monotonic wall-clock seconds for measuring a block, on the real clock even around scenario runs.
func measureSeconds(_ body: () throws -> Void) rethrows -> Double {
    let start = RealClock.monotonicNanoseconds
    try body()
    return Double(RealClock.monotonicNanoseconds - start) / 1e9
}

/// CPU seconds the calling thread spends in `body` (`CLOCK_THREAD_CPUTIME_ID`): for work on one thread, what
/// another process on the machine takes of the cores does not count.
func measureThreadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

let suites: [(name: String, run: () throws -> Void)] = [
    ("cli", CLIBench.run),
    ("combine", CombineBench.run),
    ("determinism", DeterminismBench.run),
    ("explore", ExploreBench.run),
    ("json", JSONBench.run),
    ("mutate", MutateBench.run),
    ("operators", operatorBenchmarks),
    ("report", ReportBench.run),
    ("runner", RunnerBench.run),
    ("scale", ScaleBench.run),
    ("virtual-time", VirtualTimeBench.run),
]

let usage = "usage: rehearsal-bench <suite>... | all\n  suites: " + suites.map(\.name).joined(separator: ", ")
var requested = Array(CommandLine.arguments.dropFirst())
if requested == ["all"] { requested = suites.map(\.name) }
if requested.isEmpty || requested.contains("--help") {
    print(usage)
    exit(requested.isEmpty ? 64 : 0)
}
let chosen = requested.map { name in
    guard let suite = suites.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("error: unknown suite '\(name)'\n\(usage)\n".utf8))
        exit(64)
    }
    return suite
}
// Several suites run each in a fresh process of this benchmark, so that no suite's threads, caches or heap change
// another's figures (a process that has started a second thread takes slower atomic paths in glibc for good).
if chosen.count > 1 {
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    for (name, _) in chosen {
        let process = Process()
        process.executableURL = executable
        process.arguments = [name]
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("error: cannot start suite '\(name)': \(error)\n".utf8))
            exit(1)
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            FileHandle.standardError.write(
                Data("error: suite '\(name)' failed (status \(process.terminationStatus))\n".utf8))
            exit(1)
        }
    }
    exit(0)
}
do {
    try chosen[0].run()
} catch {
    FileHandle.standardError.write(Data("error: suite '\(chosen[0].name)' failed: \(error)\n".utf8))
    exit(1)
}
