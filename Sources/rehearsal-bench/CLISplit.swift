import Foundation
import Rehearsal
import RehearsalCLI
import ScenarioJSON
import VirtualTime

/// The process-level split of one scenario's cost from the command line (`rehearsal run` of
/// ``scenario``): process start (`cli.help_startup`), a worker's spawn and handshake (started until it says it
/// started the scenario) and the scenario in the worker (load, play, end checks, golden compare, its result sent
/// back). The in-process phases of the same scenario are the `runner.split.*` rows.
enum CLISplit {
    /// The scenario every split row measures.
    static let scenario = "Scenarios/counter/add-and-subtract.json"

    static func run(_ executable: URL, root: URL, startup: Double) throws {
        let request = WorkerRequest(path: PathName(scenario), mode: .check(.never), advice: RecordAdvice())
        let line = try WorkerLine.encode(request) + [UInt8(ascii: "\n")]
        var spawns: [Double] = []
        var works: [Double] = []
        for _ in 0..<20 {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["_worker", "--root", root.path, "--parent", String(getpid())]
            process.currentDirectoryURL = root
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let start = RealClock.monotonicNanoseconds
            try process.run()
            input.fileHandleForWriting.write(Data(line))
            var started: Int64?
            var finished: Int64?
            var pending: [UInt8] = []
            let reader = output.fileHandleForReading
            reading: while finished == nil {
                let chunk = reader.availableData
                guard !chunk.isEmpty else { break }
                pending += chunk
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let frame = WorkerLine.frame(Array(pending[..<end]))
                    pending.removeFirst(end + 1)
                    // The scenario's timeline events travel as frames of their own; only messages time the split.
                    guard case .message(let line) = frame else { continue }
                    let message = try WorkerLine.decode(WorkerMessage.self, from: line)
                    switch message {
                    case .started: started = RealClock.monotonicNanoseconds
                    case .finished(let outcome):
                        guard outcome.status == .passed else {
                            throw CLIBench.Failure(
                                description: "\(scenario) did not pass in a worker: \(outcome.status)")
                        }
                        finished = RealClock.monotonicNanoseconds
                        break reading
                    default: continue
                    }
                }
            }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            guard let started, let finished else {
                throw CLIBench.Failure(description: "the worker ended before it finished \(scenario)")
            }
            spawns.append(Double(started - start) / 1e9)
            works.append(Double(finished - started) / 1e9)
        }
        let spawn = CLIBench.median(spawns)
        let work = CLIBench.median(works)
        report("cli.split.process_start_ms", startup * 1_000, "ms")
        report("cli.split.worker_spawn_handshake_ms", spawn * 1_000, "ms")
        report("cli.split.worker_scenario_ms", work * 1_000, "ms")
    }
}
