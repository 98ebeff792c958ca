import CProcessControl
import Foundation
import Rehearsal
import ScenarioJSON

/// The `_worker` command: runs the scenarios named on stdin one at a time, on the main thread, and reports on a
/// private copy of stdout.
///
/// Every line in and out is one JSON value (``WorkerRequest`` in, ``WorkerMessage`` out), so no file name can
/// split the protocol. Whatever the ViewModels print goes to stderr, so it cannot corrupt it.
enum Worker {
    /// Runs until stdin ends. With `parent`, the worker dies with that process: the kernel sends it SIGKILL when
    /// the parent exits for any reason (SIGKILL included), so a hung scenario never outlives its run; a parent that
    /// died before the request was made is caught by the check after it.
    static func run(catalog: Catalog, root: String, parent: Int32?) -> Int32 {
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
        let input = LineReader(descriptor: STDIN_FILENO)
        while let line = input.next() {
            let request: WorkerRequest
            do {
                request = try WorkerLine.decode(WorkerRequest.self, from: line)
            } catch {
                send(.rejected(reason: "unreadable request: \(error)"))
                return ExitCode.usage
            }
            send(.started(path: request.path))
            var loader = ScenarioLoader(root: root)
            loader.advice = request.advice ?? RecordAdvice()
            if let options = request.explore {
                var explorer = Explorer(runner: ScenarioRunner(catalog: catalog, loader: loader), options: options)
                explorer.onSchedule = { number, token in send(.exploring(schedule: number, token: token.description)) }
                send(.finished(explorer.explore(file: request.path)))
                continue
            }
            var runner = ScenarioRunner(catalog: catalog, loader: loader)
            runner.eventObserver = { event in send(.event(event)) }
            if request.validate == true {
                let findings = runner.validate(file: request.path)
                send(
                    .finished(
                        ScenarioOutcome(
                            name: ScenarioSelection.name(of: request.path), path: request.path,
                            status: findings.isEmpty ? .passed : .failed, findings: findings)))
                continue
            }
            let check = GoldenCheck(
                store: GoldenStore(root: root), mode: request.record, advice: request.advice ?? RecordAdvice())
            send(.finished(check.check(file: request.path, with: runner)))
        }
        return ExitCode.success
    }
}
