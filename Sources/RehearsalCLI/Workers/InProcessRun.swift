import CProcessControl
import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// Plays the scenarios of a run in the command line's own process, one at a time on its main thread, exactly as a
/// worker plays them (``WorkerCommand/outcome(of:root:catalog:send:record:other:onlyPasses:)``): for a run of one
/// scenario, whose worker's start and handshake would cost more than the scenario itself.
///
/// This process hashes with the runtime's own random seed, not the workers' known one (see `HashingSeed`), so a
/// check here never records and never judges a difference: it plays once with `.never`, keeping no artifact, and
/// anything but a pass (a missing golden, a difference, a failure) goes to the workers with the run's own record
/// mode, where the recording or the difference gets its plays under the two known seeds as before. A pass needs no
/// confirming play (a worker's passing check has none either). `--record all` (which rewrites goldens a pass leaves
/// alone) always runs on workers.
///
/// What a worker process gives a run is kept:
/// - **A crash** (a `fatalError`, a force unwrap, a bad access: SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT)
///   replaces this process, from the signal handler, with the same command line told to use workers
///   (``isolateVariable`` set to ``crashedValue`` and the signal's number); there the scenario crashes its worker,
///   and is reported as that scenario's crash with every report and the exit status, and a note says it ran twice.
/// - **A hang** past `--timeout`, and **SIGINT or SIGTERM** while the scenario runs, are seen by a watchdog thread,
///   which reports the scenario as the worker pool would (timed out, or interrupted, at the step of its last event
///   with the events it reached) and exits the process with the run's status, leaving the stuck thread behind.
/// - **Output**: what the ViewModel prints goes to stderr, as in a worker, so it cannot mix with the reports.
final class InProcessRun {
    /// Set in the environment, the run uses worker processes even for one scenario.
    static let isolateVariable = "REHEARSAL_ISOLATE"
    /// The value a crash in this process relaunches the command with, followed by the signal's number.
    static let crashedValue = "crashed-in-process:"

    let root: String
    let timeout: TimeInterval
    let interruption: RunInterruption
    let catalog: Catalog
    let advice: RecordAdvice
    /// The command line to relaunch on a crash (the program as invoked first).
    let relaunch: [String]
    /// Finishes the run with what is known when the watchdog gives up on a scenario, and exits with its status.
    let abandon: @Sendable (WorkerPool.Result) -> Never

    init(
        root: String, timeout: TimeInterval, interruption: RunInterruption, catalog: Catalog, advice: RecordAdvice,
        relaunch: [String], abandon: @escaping @Sendable (WorkerPool.Result) -> Never
    ) {
        self.root = root
        self.timeout = timeout
        self.interruption = interruption
        self.catalog = catalog
        self.advice = advice
        self.relaunch = relaunch
        self.abandon = abandon
    }

    /// Whether a run of `count` scenarios plays them here: one scenario, no retries (a retry runs on a fresh worker),
    /// a command line that can be relaunched, and no ``isolateVariable``.
    /// `--record all` always rewrites on workers.
    static func applies(
        scenarios count: Int, mode: WorkMode, retries: Int, relaunch: [String]?, environment: [String: String]
    ) -> Bool {
        if case .check(.all) = mode { return false }
        return count == 1 && retries == 0 && relaunch != nil && environment[isolateVariable] == nil
    }

    /// The note of a run relaunched after a crash in the first process, from its environment.
    static func relaunchNote(_ environment: [String: String]) -> Diagnostic? {
        guard let value = environment[isolateVariable], value.hasPrefix(crashedValue),
            let number = Int32(value.dropFirst(crashedValue.count))
        else { return nil }
        return Diagnostic(
            .note,
            message:
                "the scenario crashed the command line's process with \(SignalName.short(number)), so it ran again on a "
                + "worker process, which reports it")
    }

    /// Parks this thread while the watchdog finishes the run and exits.
    private static func waitForTheEnd() -> Never {
        while true { pause() }
    }

    /// Plays `jobs` in order; `progress` sees each outcome. Nil when a check did not pass here: the run is the
    /// workers' to play (see the type's notes on hashing seeds).
    func run(_ jobs: [WorkerPool.Job], progress: (ScenarioOutcome) -> Void) -> WorkerPool.Result? {
        signal(SIGPIPE, SIG_IGN)
        var outcomes: [ScenarioOutcome] = []
        for job in jobs {
            if let signal = interruption.signal { return WorkerPool.Result(outcomes: outcomes, interruption: signal) }
            guard var outcome = play(job, before: outcomes) else { return nil }
            outcome.exploration?.advice = advice
            outcomes.append(outcome)
            progress(outcome)
        }
        return WorkerPool.Result(outcomes: outcomes, interruption: interruption.signal)
    }

    /// One job under the watchdog, with crashes relaunching the command; nil for a check that did not pass.
    private func play(_ job: WorkerPool.Job, before done: [ScenarioOutcome]) -> ScenarioOutcome? {
        let watch = Watch(job: job)
        let mailbox = WorkerMailbox()
        interruption.attach(mailbox)
        let relaunching = Relaunch(relaunch)
        relaunching.arm()
        let watchdog = Thread { [timeout, root, abandon] in
            while true {
                let message = mailbox.next(before: watch.deadline(timeout))
                switch message {
                case .closed?: return
                case .line?: continue
                case .interrupted(let signal)?:
                    guard let running = watch.abandon() else { return }
                    rehearsal_reexec_disarm(0)
                    let outcome = WorkerFailure.interrupted(running, by: signal, root: root)
                    abandon(WorkerPool.Result(outcomes: done + [outcome], interruption: signal))
                case nil:
                    guard Date() >= watch.deadline(timeout) else { continue }
                    guard let running = watch.abandon() else { return }
                    rehearsal_reexec_disarm(0)
                    abandon(
                        WorkerPool.Result(
                            outcomes: done + [WorkerFailure.timedOut(running, after: timeout, root: root)]))
                }
            }
        }
        watchdog.start()
        var request = WorkerRequest(path: job.path, mode: job.mode, advice: advice)
        let checks: Bool
        if case .check = job.mode {
            request.mode = .check(.never)
            checks = true
        } else {
            checks = false
        }
        var outcome = WorkerCommand.outcome(
            of: request, root: root, catalog: catalog, send: { message in watch.observe(message) },
            record: { event in watch.observe(event) }, onlyPasses: checks)
        // When the watchdog claimed the scenario first, it is reporting it and ends the process.
        guard watch.finish() else { Self.waitForTheEnd() }
        rehearsal_reexec_disarm(1)
        withExtendedLifetime(relaunching) {}
        mailbox.post(.closed(worker: 0))
        if checks && outcome.status != .passed { return nil }
        outcome.duration = watch.elapsed
        // As a worker's outcome arrives: the scenario is not part of what it sends.
        outcome.scenario = nil
        return outcome
    }
}

/// What the watchdog and the playing thread share about the scenario running here.
private final class Watch: @unchecked Sendable {
    private let lock = _Lock()
    private var running: WorkerFailure.Running
    private var state = State.running
    private let began: Date

    private enum State {
        case running, finished, abandoned
    }

    init(job: WorkerPool.Job) {
        let now = Date()
        began = now
        running = WorkerFailure.Running(job: job, reached: [], startedAt: now)
    }

    /// Keeps an event the scenario recorded (the latest ``ReachedEvents/limit``, as a worker's are kept).
    func observe(_ event: TimelineEvent) {
        lock.withLock {
            if running.reached.count >= ReachedEvents.limit { running.reached.removeFirst(ReachedEvents.limit / 2) }
            running.reached.append(event)
        }
    }

    /// Keeps the schedule being explored (which restarts the watchdog).
    func observe(_ message: WorkerMessage) {
        lock.withLock {
            switch message {
            case .exploring(let number, let token):
                running.startedAt = Date()
                running.schedule = (number, token)
            case .started, .finished, .rejected, .glue:
                break
            }
        }
    }

    /// When the scenario (or the schedule being explored) times out.
    func deadline(_ timeout: TimeInterval) -> Date { lock.withLock { running.startedAt + timeout } }

    /// Claims the scenario for the watchdog's report; nil when it finished first.
    func abandon() -> WorkerFailure.Running? {
        lock.withLock {
            guard state == .running else { return nil }
            state = .abandoned
            return running
        }
    }

    /// Claims the scenario for its own outcome; false when the watchdog claimed it first.
    func finish() -> Bool {
        lock.withLock {
            guard state == .running else { return false }
            state = .finished
            return true
        }
    }

    /// Seconds since the scenario started.
    var elapsed: TimeInterval { Date().timeIntervalSince(began) }
}

/// The command line a crash relaunches, as C strings that stay put while the handler may use them.
private final class Relaunch {
    private let path: UnsafeMutablePointer<CChar>?
    private let argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let argc: Int
    private let envc: Int
    /// The three digits of the signal's number in the environment entry (written by the handler).
    private let digits: UnsafeMutablePointer<CChar>?

    init(_ commandLine: [String]) {
        path = strdup(RunPipeline.executable().path)
        let arguments = commandLine.map { strdup($0) } + [nil]
        argc = arguments.count
        argv = .allocate(capacity: argc)
        argv.initialize(from: arguments, count: argc)
        let marker = strdup("\(InProcessRun.isolateVariable)=\(InProcessRun.crashedValue)000")
        digits = marker.map { $0 + strlen($0) - 3 }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != InProcessRun.isolateVariable }
        let entries = environment.map { strdup("\($0.key)=\($0.value)") } + [marker, nil]
        envc = entries.count
        envp = .allocate(capacity: envc)
        envp.initialize(from: entries, count: envc)
    }

    /// Installs the crash handlers and sends this process's stdout to stderr until `rehearsal_reexec_disarm`.
    func arm() {
        guard let path, let digits else { return }
        _ = rehearsal_reexec_on_crash(path, argv, envp, digits)
    }

    deinit {
        free(path)
        for index in 0..<argc { free(argv[index]) }
        for index in 0..<envc { free(envp[index]) }
        argv.deinitialize(count: argc)
        argv.deallocate()
        envp.deinitialize(count: envc)
        envp.deallocate()
    }
}
