import CProcessControl
import Foundation
import Rehearsal
import ScenarioJSON
import VirtualTime

/// The `_worker` command: runs the scenarios named on stdin one at a time, on the main thread, and reports on a
/// private copy of stdout.
///
/// Every line in and out is one JSON value (``WorkerRequest`` in, ``WorkerMessage`` out), so no file name can
/// split the protocol. Whatever the ViewModels print goes to stderr, so it cannot corrupt it.
struct WorkerCommand: Command {
    static let parent = CommandOption<Int32>(
        "parent", value: "pid", help: "The command line's process: the worker dies with it.",
        read: .init { text, shown, usage throws(UsageError) in
            guard let pid = Int32(text), pid > 0 else {
                throw UsageError(
                    message: "invalid value '\(text)' for '\(shown)'", hint: "give a process id", usage: usage)
            }
            return pid
        })

    static let spec = CommandSpec(
        name: "_worker", abstract: "Run scenarios named on stdin, one JSON result per line (internal).",
        arguments: nil, argumentsHelp: nil,
        options: [StandardOptions.root.with(help: "The package root.").declaration, parent.declaration],
        hidden: true)

    var root: String
    var parent: Int32?

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        parent = try parsed.value(Self.parent)
    }

    /// Runs until stdin ends. With `parent`, the worker dies with that process: the kernel sends it SIGKILL when
    /// the parent exits for any reason (SIGKILL included), so a hung scenario never outlives its run; a parent that
    /// died before the request was made is caught by the check after it.
    func run(_ context: CommandContext) -> Int32 {
        if let parent {
            _ = rehearsal_die_with_parent(SIGKILL)
            guard getppid() == parent else { return ExitCode.failure }
        }
        // A write past the file size limit fails with EFBIG and is reported, instead of killing the worker.
        signal(SIGXFSZ, SIG_IGN)
        let output = LineWriter(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let send: @Sendable (WorkerMessage) -> Void = { message in
            do {
                output.write(bytes: try WorkerLine.encode(message))
            } catch {
                output.write(bytes: (try? WorkerLine.encode(WorkerMessage.rejected(reason: "\(error)"))) ?? [])
            }
        }
        // Each event as a frame of its own (encoding a timeline event cannot fail: its values are JSON already).
        let record: @Sendable (TimelineEvent) -> Void = { event in
            if let frame = try? WorkerLine.encode(event: event) { output.write(bytes: frame) }
        }
        let input = LineReader(descriptor: STDIN_FILENO)
        // The confirming plays' second worker, started at the first and kept for the next ones.
        let other = OtherProcessPlay(root: root, seed: HashingSeed.other)
        defer { other.stop() }
        while let line = input.next() {
            let request: WorkerRequest
            do {
                request = try WorkerLine.decode(WorkerRequest.self, from: line)
            } catch {
                send(.rejected(reason: "unreadable request: \(error)"))
                return ExitCode.usage
            }
            send(.started(path: request.path))
            send(
                .finished(
                    Self.outcome(
                        of: request, root: root, catalog: context.catalog, send: send, record: record, other: other)))
        }
        return ExitCode.success
    }

    /// The outcome of one request, in its mode; the events of a check or a validation are streamed as they happen,
    /// the schedules of an exploration as each starts. A worker and a run in the command line's own process
    /// (``InProcessRun``) play every scenario through here; `onlyPasses` makes a check an attempt that can only tell
    /// a pass (one play, no replays, no artifact kept): the in-process attempt, which hands any other outcome to the
    /// workers.
    static func outcome(
        of request: WorkerRequest, root: String, catalog: Catalog, send: @escaping @Sendable (WorkerMessage) -> Void,
        record: @escaping @Sendable (TimelineEvent) -> Void, other: OtherProcessPlay? = nil, onlyPasses: Bool = false
    ) -> ScenarioOutcome {
        var loader = ScenarioLoader(root: root)
        loader.advice = request.advice
        var runner = ScenarioRunner(catalog: catalog, loader: loader)
        runner.glueObserver = { sites in send(.glue(sites)) }
        switch request.mode {
        case .explore(let options):
            var explorer = Explorer(runner: runner, options: options)
            explorer.onSchedule = { number, token in send(.exploring(schedule: number, token: token)) }
            return explorer.explore(file: request.path)
        case .mutate(let mutant):
            return Mutator(runner: runner).play(file: request.path, mutant: mutant)
        case .validate:
            runner.eventObserver = record
            let findings = runner.validate(file: request.path)
            return ScenarioOutcome(
                name: ScenarioLoader.name(of: request.path), path: request.path,
                status: findings.isEmpty ? .passed : .failed, findings: findings)
        case .check(let mode):
            runner.eventObserver = record
            var check = GoldenCheck(store: GoldenStore(root: root), mode: mode, advice: request.advice)
            if onlyPasses {
                check.keepsArtifacts = false
                runner.hasGolden = { [store = check.store] in store.hasGolden($0) }
                return check.check(runner.run(file: request.path), replays: [])
            }
            // The confirming play in a second process, with another hashing seed than this worker's.
            return check.check(
                file: request.path, with: runner,
                otherProcess: other.map { other in { other.play(request.path, advice: request.advice) } })
        case .play:
            return runner.run(file: request.path)
        }
    }
}
