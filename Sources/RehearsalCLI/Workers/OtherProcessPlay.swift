import Foundation
import Rehearsal
import ScenarioJSON

/// Plays scenarios in a second worker process (this executable again, `_worker`) whose hashing seed is another
/// than this process's (see `HashingSeed`), and hands back each outcome: the confirming play that catches a
/// timeline depending on the order of a `Set` or a `Dictionary`, which a second play in the same process cannot
/// (it hashes alike).
///
/// The second worker is started at the first confirming play and kept for the next ones, as the command line keeps
/// its workers: a worker recording thousands of scenarios starts one second worker, not one per recording. It dies
/// with this worker (`--parent`), so the command line's watchdog and interruption reach it, and it ends when this
/// worker closes its stdin (``stop()``). When it cannot start, or ends without an outcome (it crashed in that play),
/// the play is an outcome with a `.crashed` finding saying so, and the next play starts a fresh one.
final class OtherProcessPlay {
    /// The package root, as the worker's.
    let root: String
    /// The second worker's hashing seed.
    let seed: UInt64
    /// The executable to start (this one).
    let executable: URL
    private var running: Running?

    /// The second worker while it runs: its process and the two ends of its protocol.
    private struct Running {
        var process: Process
        var requests: FileHandle
        var writer: LineWriter
        var reader: LineReader
    }

    init(root: String, seed: UInt64, executable: URL = RunPipeline.executable()) {
        self.root = root
        self.seed = seed
        self.executable = executable
    }

    deinit { stop() }

    /// The running second worker's process id, or `nil` before the first play and after ``stop()``.
    var processIdentifier: Int32? { running?.process.processIdentifier }

    /// The outcome of playing the scenario at `path` once in the second worker.
    func play(_ path: PathName, advice: RecordAdvice) -> ScenarioOutcome {
        let worker: Running
        do {
            worker = try running ?? start()
        } catch {
            return failed(path, "could not start a second worker for the confirming play: \(error)")
        }
        running = worker
        let request = WorkerRequest(path: path, mode: .play, advice: advice)
        guard let line = try? WorkerLine.encode(request) else {
            return failed(path, "could not write the confirming play's request for the second worker")
        }
        worker.writer.write(bytes: line)
        while let line = worker.reader.next() {
            guard case .message = WorkerLine.frame(line),
                let message = try? WorkerLine.decode(WorkerMessage.self, from: line)
            else { continue }
            switch message {
            case .finished(let outcome): return outcome
            case .rejected(let reason):
                stop()
                return failed(path, "the second worker refused the confirming play: \(reason)")
            case .started, .exploring, .glue: continue
            }
        }
        stop()
        return failed(path, "the second worker of the confirming play ended without an outcome")
    }

    /// Ends the second worker, if one runs: its stdin closed, it finishes and exits; waited for, so no process is
    /// left behind.
    func stop() {
        guard let worker = running else { return }
        running = nil
        try? worker.requests.close()
        worker.process.waitUntilExit()
    }

    private func start() throws -> Running {
        // A second worker that died leaves a closed pipe: writing to it fails instead of killing this worker.
        signal(SIGPIPE, SIG_IGN)
        let process = WorkerProcess.make(executable: executable, root: root, seed: seed)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        return Running(
            process: process, requests: input.fileHandleForWriting,
            writer: LineWriter(descriptor: input.fileHandleForWriting.fileDescriptor),
            reader: LineReader(descriptor: output.fileHandleForReading.fileDescriptor))
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
