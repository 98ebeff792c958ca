import Foundation
import ScenarioJSON

/// Runs scenarios on worker processes (re-executions of this executable with `_worker`), one scenario per
/// worker at a time, so a ViewModel that crashes or hangs takes down only its own scenario.
///
/// A crashed worker's scenario fails with the signal and the last events it reported; a scenario that runs past
/// `timeout` gets its worker killed and fails with "timed out after …". Remaining scenarios go to a new worker.
final class WorkerPool {
    /// One scenario to run, with the record mode for this attempt.
    struct Job: Sendable {
        var path: String
        var name: String
        var record: String
    }

    private final class Slot {
        let id: Int
        let process: Process
        let input: Int32
        let stderr: StderrTail
        let inputHandle: FileHandle
        var job: Job?
        var startedAt = Date()
        var lastEvents: [String] = []
        var lastCause: String?

        init(id: Int, process: Process, inputHandle: FileHandle, stderr: StderrTail) {
            self.id = id
            self.process = process
            self.inputHandle = inputHandle
            self.input = inputHandle.fileDescriptor
            self.stderr = stderr
        }

        /// Ends the worker's input: it finishes its scenario, if any, and exits.
        func closeInput() {
            try? inputHandle.close()
        }
    }

    let executable: URL
    let root: String
    let workers: Int
    let timeout: TimeInterval
    /// The lock file workers share while they check and write goldens (removed when the pool goes away).
    let goldenLock: String
    private let ownsGoldenLock: Bool
    private let mailbox = WorkerMailbox()
    private var slots: [Int: Slot] = [:]
    private var nextID = 0

    /// Creates a pool; `goldenLock` is a lock file shared with other processes checking the same goldens (by
    /// default one of the pool's own, removed when it goes away).
    init(executable: URL, root: String, workers: Int, timeout: TimeInterval, goldenLock: String? = nil) {
        self.executable = executable
        self.root = root
        self.workers = max(1, workers)
        self.timeout = timeout
        ownsGoldenLock = goldenLock == nil
        self.goldenLock =
            goldenLock
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("rehearsal-\(getpid())-\(UUID().uuidString).lock").path
    }

    deinit {
        if ownsGoldenLock { try? FileManager.default.removeItem(atPath: goldenLock) }
    }

    /// Runs `jobs` and returns one verdict per job, in completion order; `progress` sees each as it arrives.
    func run(_ jobs: [Job], progress: (Verdict) -> Void) throws -> [Verdict] {
        signal(SIGPIPE, SIG_IGN)
        var pending = jobs[...]
        var verdicts: [Verdict] = []
        for _ in 0..<min(workers, jobs.count) {
            let slot = try spawn()
            assign(&pending, to: slot)
        }
        while verdicts.count < jobs.count {
            let deadline = slots.values.compactMap { $0.job == nil ? nil : $0.startedAt + timeout }.min()
            guard let message = mailbox.next(before: deadline) else {
                for slot in slots.values where slot.job != nil && Date() >= slot.startedAt + timeout {
                    kill(slot.process.processIdentifier, SIGKILL)
                    slot.process.waitUntilExit()
                    let verdict = timedOut(slot)
                    verdicts.append(verdict)
                    progress(verdict)
                    try replace(slot, pending: &pending)
                }
                continue
            }
            switch message {
            case .line(let id, let line):
                guard let slot = slots[id], let verdict = handle(line, from: slot) else { continue }
                verdicts.append(verdict)
                progress(verdict)
                assign(&pending, to: slot)
            case .closed(let id):
                guard let slot = slots[id] else { continue }
                slot.process.waitUntilExit()
                if slot.job != nil {
                    let verdict = crashed(slot)
                    verdicts.append(verdict)
                    progress(verdict)
                }
                try replace(slot, pending: &pending)
            }
        }
        for slot in slots.values {
            slot.closeInput()
            slot.process.waitUntilExit()
        }
        slots.removeAll()
        return verdicts
    }

    private func spawn() throws -> Slot {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["_worker", "--root", root, "--golden-lock", goldenLock]
        // A crash then prints the runtime's one-line reason instead of a long backtrace (and exits sooner).
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let slot = Slot(id: nextID, process: process, inputHandle: input.fileHandleForWriting, stderr: StderrTail())
        nextID += 1
        slots[slot.id] = slot
        WorkerMailbox.readLines(from: output.fileHandleForReading.fileDescriptor, worker: slot.id, into: mailbox)
        slot.stderr.collect(from: errors.fileHandleForReading.fileDescriptor)
        return slot
    }

    private func assign(_ pending: inout ArraySlice<Job>, to slot: Slot) {
        guard let job = pending.popFirst() else {
            slot.job = nil
            return
        }
        slot.job = job
        slot.startedAt = Date()
        slot.lastEvents = []
        slot.lastCause = nil
        slot.stderr.reset()
        LineWriter(descriptor: slot.input).write("\(job.record)\t\(job.path)")
    }

    /// Retires `slot` and, while work is left, starts a fresh worker for it.
    private func replace(_ slot: Slot, pending: inout ArraySlice<Job>) throws {
        slots[slot.id] = nil
        slot.closeInput()
        guard !pending.isEmpty else { return }
        assign(&pending, to: try spawn())
    }

    /// Handles one protocol line; returns the verdict when it ends the slot's scenario.
    private func handle(_ line: String, from slot: Slot) -> Verdict? {
        if line.hasPrefix("S ") {
            slot.startedAt = Date()
        } else if line.hasPrefix("E "), let tab = line.firstIndex(of: "\t") {
            slot.lastCause = String(line[line.index(line.startIndex, offsetBy: 2)..<tab])
            slot.lastEvents.append(String(line[line.index(after: tab)...]))
            if slot.lastEvents.count > Self.keptEvents { slot.lastEvents.removeFirst() }
        } else if line.hasPrefix("R "), let job = slot.job {
            let elapsed = Date().timeIntervalSince(slot.startedAt)
            var verdict: Verdict
            do {
                let document = try JSONParser().parse(bytes: Array(line.utf8.dropFirst(2)))
                verdict = try JSONValueDecoder().decode(Verdict.self, from: document.root)
            } catch {
                verdict = Verdict(path: job.path, name: job.name, status: .crashed)
                verdict.problems = [
                    WorkerFailure.problem(
                        path: job.path, root: root, cause: nil, message: "the worker sent an unreadable result",
                        hint: "report this as a bug in rehearsal", details: ["\(error)"])
                ]
            }
            verdict.duration = elapsed
            slot.job = nil
            return verdict
        }
        return nil
    }

    static let keptEvents = 5

    private func timedOut(_ slot: Slot) -> Verdict {
        let job = slot.job ?? Job(path: "", name: "", record: "")
        var verdict = Verdict(path: job.path, name: job.name, status: .timedOut)
        verdict.problems = [
            WorkerFailure.problem(
                path: job.path, root: root, cause: slot.lastCause,
                message: "timed out after \(ScenarioTimeout.describe(timeout))",
                hint: "look for a ViewModel that blocks the main thread, or raise --timeout", details: [])
        ]
        verdict.lastEvents = slot.lastEvents
        verdict.duration = Date().timeIntervalSince(slot.startedAt)
        slot.job = nil
        return verdict
    }

    private func crashed(_ slot: Slot) -> Verdict {
        let job = slot.job ?? Job(path: "", name: "", record: "")
        var verdict = Verdict(path: job.path, name: job.name, status: .crashed)
        let process = slot.process
        let reason =
            process.terminationReason == .uncaughtSignal
            ? "crashed with \(SignalName.of(process.terminationStatus))"
            : "crashed: the worker exited with status \(process.terminationStatus)"
        verdict.problems = [
            WorkerFailure.problem(
                path: job.path, root: root, cause: slot.lastCause, message: reason,
                hint: "fix the crash in the ViewModel; the other scenarios ran on a fresh worker",
                details: WorkerFailure.output(slot.stderr.lastLines(200)))
        ]
        verdict.lastEvents = slot.lastEvents
        verdict.duration = Date().timeIntervalSince(slot.startedAt)
        slot.job = nil
        return verdict
    }
}
