import Foundation
import Rehearsal
import ScenarioJSON

/// Runs scenarios on worker processes (re-executions of this executable with `_worker`), one scenario per
/// worker at a time, so a ViewModel that crashes or hangs takes down only its own scenario.
///
/// A crashed worker's scenario fails with the signal and the last events it reported; a scenario that runs past
/// `timeout` gets its worker killed and fails with "timed out after …". Remaining scenarios go to a new worker.
/// An interruption (SIGINT, SIGTERM) stops everything at once: no new scenario starts, running workers are
/// killed (their scenarios are reported as interrupted) and the outcomes so far are returned. Workers die with the
/// command line in any case, even when it is killed outright.
final class WorkerPool {
    /// One scenario to play, in the run's mode (with the record mode for this attempt).
    struct Job: Sendable {
        var path: PathName
        var name: String
        var mode: WorkMode
    }

    /// What a pool run came to.
    struct Result {
        /// One outcome per job that finished (or was interrupted while running), in completion order.
        var outcomes: [ScenarioOutcome]
        /// The signal that stopped the run early, if one did.
        var interruption: Int32?
    }

    final class Slot {
        let id: Int
        let process: Process
        let stderr: StderrTail
        let input: FileHandle
        var job: Job?
        var startedAt = Date()
        /// The events the running scenario reached, as streamed: the timeline of a scenario that crashes or hangs.
        let reached = ReachedEventsInbox()
        /// Where the running scenario's glue lives, as the worker last said.
        var glue: GlueSites?
        /// The explored schedule running now (its number and replay token), while a scenario is explored.
        var schedule: (number: Int, token: ScheduleToken)?
        /// Whether the watchdog killed it; its scenario is reported as timed out once its output ends.
        var timedOut = false

        init(id: Int, process: Process, input: FileHandle, stderr: StderrTail) {
            self.id = id
            self.process = process
            self.input = input
            self.stderr = stderr
        }

        /// Ends the worker's input: it finishes its scenario, if any, and exits.
        func closeInput() {
            try? input.close()
        }
    }

    let executable: URL
    let root: String
    let workers: Int
    let timeout: TimeInterval
    let interruption: RunInterruption?
    /// The team's command and whether this is CI, for the hints workers write.
    var advice = RecordAdvice()
    private let mailbox = WorkerMailbox()
    private var slots: [Int: Slot] = [:]
    private var nextID = 0

    /// The console's message when a worker could not be started (the error ``run(_:progress:)`` threw).
    static func cannotStart(_ error: any Error) -> String {
        "error: cannot start a worker process: \(error)\n"
            + "  hint: check that the executable can be run again (it starts itself as its workers)"
    }

    init(executable: URL, root: String, workers: Int, timeout: TimeInterval, interruption: RunInterruption? = nil) {
        self.executable = executable
        self.root = root
        self.workers = max(1, workers)
        self.timeout = timeout
        self.interruption = interruption
        interruption?.attach(mailbox)
    }

    /// Runs `jobs`; `progress` sees each outcome as it arrives.
    /// - Throws: the error of starting a worker process.
    func run(_ jobs: [Job], progress: (ScenarioOutcome) -> Void) throws -> Result {
        signal(SIGPIPE, SIG_IGN)
        if let signal = interruption?.signal { return Result(outcomes: [], interruption: signal) }
        var pending = jobs[...]
        var outcomes: [ScenarioOutcome] = []
        func finish(_ outcome: ScenarioOutcome) {
            var outcome = outcome
            // An exploration's replay and run commands name this executable (a crashed schedule's summary too).
            outcome.exploration?.advice = advice
            outcomes.append(outcome)
            progress(outcome)
        }
        for _ in 0..<min(workers, jobs.count) {
            let slot = try spawn()
            assign(&pending, to: slot)
        }
        while outcomes.count < jobs.count {
            let deadline = slots.values.compactMap { slot in
                slot.job == nil || slot.timedOut ? nil : slot.startedAt + timeout
            }.min()
            guard let message = mailbox.next(before: deadline) else {
                // The outcome is made when the killed worker's output ends, so the events it wrote before its
                // end (still in the pipe) are among its last events.
                for slot in slots.values where slot.job != nil && !slot.timedOut && Date() >= slot.startedAt + timeout {
                    slot.timedOut = true
                    kill(slot.process.processIdentifier, SIGKILL)
                }
                continue
            }
            switch message {
            case .line(let id, let line):
                guard let slot = slots[id], let outcome = handle(line, from: slot) else { continue }
                finish(outcome)
                // A worker the watchdog killed gets no more work; it is replaced when its output ends.
                if !slot.timedOut { assign(&pending, to: slot) }
            case .closed(let id):
                guard let slot = slots[id] else { continue }
                slot.process.waitUntilExit()
                if let signal = interruption?.signal {
                    // A worker killed by the same Ctrl-C (it shares the terminal's process group): interrupted.
                    return stop(by: signal, outcomes: outcomes, progress: progress)
                }
                if slot.job != nil {
                    finish(
                        slot.timedOut
                            ? WorkerFailure.timedOut(slot, after: timeout, root: root)
                            : WorkerFailure.crashed(slot, root: root))
                }
                try replace(slot, pending: &pending)
            case .interrupted(let signal):
                return stop(by: signal, outcomes: outcomes, progress: progress)
            }
        }
        for slot in slots.values {
            slot.closeInput()
            slot.process.waitUntilExit()
        }
        slots.removeAll()
        return Result(outcomes: outcomes)
    }

    /// Kills every worker, reports the scenarios they were running as interrupted, and removes the temporary files
    /// the killed workers may have left beside goldens and artifacts.
    private func stop(by signal: Int32, outcomes: [ScenarioOutcome], progress: (ScenarioOutcome) -> Void)
        -> Result
    {
        var outcomes = outcomes
        var folders: Set<PathName> = []
        let store = GoldenStore(root: root)
        for slot in slots.values {
            kill(slot.process.processIdentifier, SIGKILL)
            slot.closeInput()
            slot.process.waitUntilExit()
        }
        // What the workers wrote before they died is still in their pipes: read it to its end, so a scenario that
        // finished meanwhile counts as finished and an interrupted one shows its last events.
        var open = Set(slots.keys)
        while !open.isEmpty, let message = mailbox.next(before: Date() + Self.drainLimit) {
            switch message {
            case .line(let id, let line):
                guard let slot = slots[id], let outcome = handle(line, from: slot) else { continue }
                outcomes.append(outcome)
                progress(outcome)
            case .closed(let id):
                open.remove(id)
            case .interrupted:
                continue
            }
        }
        for slot in slots.values {
            if let job = slot.job {
                let outcome = WorkerFailure.interrupted(slot, by: signal, root: root)
                outcomes.append(outcome)
                progress(outcome)
                for path in [store.goldenPath(forScenario: job.path), store.artifactPath(forScenario: job.path)] {
                    folders.insert(store.absolute(path.deletingLastComponent))
                }
                folders.insert(store.absolute(PathName(store.artifactIndexPath).deletingLastComponent))
            }
        }
        slots.removeAll()
        for folder in folders { AtomicFile.removeStaleTemporaryFiles(in: folder) }
        return Result(outcomes: outcomes, interruption: signal)
    }

    /// How long `stop` waits for a killed worker's output to end (its pipe closes as soon as the reader has read it).
    private static let drainLimit: TimeInterval = 10

    private func spawn() throws -> Slot {
        // Every worker hashes with one known seed; a recording is confirmed in a second worker with another (see
        // OtherProcessPlay).
        let process = WorkerProcess.make(executable: executable, root: root)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let slot = Slot(id: nextID, process: process, input: input.fileHandleForWriting, stderr: StderrTail())
        nextID += 1
        slots[slot.id] = slot
        WorkerMailbox.readLines(
            from: output.fileHandleForReading.fileDescriptor, worker: slot.id, into: mailbox, events: slot.reached)
        slot.stderr.collect(from: errors.fileHandleForReading.fileDescriptor)
        return slot
    }

    private func assign(_ pending: inout ArraySlice<Job>, to slot: Slot) {
        guard interruption?.signal == nil, let job = pending.popFirst() else {
            slot.job = nil
            return
        }
        slot.job = job
        slot.startedAt = Date()
        slot.reached.removeAll()
        slot.glue = nil
        slot.schedule = nil
        slot.stderr.reset()
        let request = WorkerRequest(path: job.path, mode: job.mode, advice: advice)
        guard let line = try? WorkerLine.encode(request) else { return }
        LineWriter(descriptor: slot.input.fileDescriptor).write(bytes: line)
    }

    /// Retires `slot` and, while work is left, starts a fresh worker for it.
    private func replace(_ slot: Slot, pending: inout ArraySlice<Job>) throws {
        slots[slot.id] = nil
        slot.closeInput()
        guard !pending.isEmpty, interruption?.signal == nil else { return }
        assign(&pending, to: try spawn())
    }

    /// Handles one message line (event frames stay with the thread that reads them, in `slot.reached`); returns the
    /// outcome when it ends the slot's scenario.
    private func handle(_ line: [UInt8], from slot: Slot) -> ScenarioOutcome? {
        guard let job = slot.job else { return nil }
        let message: WorkerMessage
        do {
            message = try WorkerLine.decode(WorkerMessage.self, from: line)
        } catch {
            slot.job = nil
            return WorkerFailure.unreadable(job, reason: "\(error)", root: root)
        }
        switch message {
        case .started:
            slot.startedAt = Date()
        case .glue(let sites):
            slot.glue = sites
        case .exploring(let number, let token):
            // The watchdog limits each schedule, so a long exploration is not a hang.
            slot.startedAt = Date()
            slot.schedule = (number, token)
        case .finished(var outcome):
            outcome.duration = Date().timeIntervalSince(slot.startedAt)
            slot.job = nil
            return outcome
        case .rejected(let reason):
            slot.job = nil
            return WorkerFailure.unreadable(job, reason: reason, root: root)
        }
        return nil
    }
}
