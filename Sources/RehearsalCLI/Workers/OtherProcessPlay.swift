import Foundation
import Rehearsal
import ScenarioJSON
import VirtualTime

/// Plays one scenario in a second worker process (this executable again, `_worker`) whose hashing seed is another
/// than this process's (see `HashingSeed`), and hands back its outcome: the confirming play that catches a
/// timeline depending on the order of a `Set` or a `Dictionary`, which a second play in the same process cannot
/// (it hashes alike).
///
/// The second worker dies with this one (`--parent`), so the command line's watchdog and interruption reach it.
/// When it cannot start, or ends without an outcome, the play is an outcome with a `.crashed` finding saying so.
struct OtherProcessPlay {
    /// The package root, as the worker's.
    var root: String
    /// The second worker's hashing seed.
    var seed: UInt64
    /// The executable to start (this one).
    var executable = RunPipeline.executable()

    /// The outcome of playing the scenario at `path` once in the second worker.
    func play(_ path: PathName, advice: RecordAdvice) -> ScenarioOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["_worker", "--root", root, "--parent", String(getpid())]
        var environment = ProcessInfo.processInfo.environment
        environment[HashingSeed.variable] = String(seed)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return failed(path, "could not start a second worker for the confirming play: \(error)")
        }
        defer { process.waitUntilExit() }
        let request = WorkerRequest(path: path, mode: .play, advice: advice)
        if let line = try? WorkerLine.encode(request) {
            LineWriter(descriptor: input.fileHandleForWriting.fileDescriptor).write(bytes: line)
        }
        try? input.fileHandleForWriting.close()
        let reader = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)
        while let line = reader.next() {
            guard case .message = WorkerLine.frame(line),
                let message = try? WorkerLine.decode(WorkerMessage.self, from: line)
            else { continue }
            switch message {
            case .finished(let outcome): return outcome
            case .rejected(let reason): return failed(path, "the second worker refused the confirming play: \(reason)")
            case .started, .exploring, .glue: continue
            }
        }
        return failed(path, "the second worker of the confirming play ended without an outcome")
    }

    private func failed(_ path: PathName, _ message: String) -> ScenarioOutcome {
        ScenarioOutcome(
            name: ScenarioLoader.name(of: path), path: path, status: .crashed,
            findings: [
                Finding(
                    .crashed,
                    Diagnostic(
                        .error, location: SourceLocation(path: path.description), message: message,
                        hint: "run it again; if it happens every time, report it as a bug in rehearsal"))
            ])
    }
}
