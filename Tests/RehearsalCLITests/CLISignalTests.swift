import CProcessControl
import Foundation
import Rehearsal
import Testing

@testable import RehearsalCLI

/// SIGINT, SIGTERM and SIGKILL reach `rehearsal run` while a worker hangs: no worker outlives the run, the reports
/// list what finished, and the exit status says which signal stopped it. Nothing here sleeps: the test waits on a
/// pipe the hanging ViewModel writes to, and on process exits, each with a bounded timeout.
@Suite(.serialized) struct CLISignalTests {
    /// A run of `a-ok` (passes) then `b-hang` (blocks its worker's main thread), started and waited for until the
    /// hang began; returns the run and the hanging worker's pid.
    private func startHangingRun(_ cli: CLIProcess, command: String = "run") throws -> (CLIProcess.Running, Int32) {
        let fifo = cli.directory.appendingPathComponent("hang-notify").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let run = try cli.start(
            [command, "--jobs", "1", "--reporter", "console", "--reporter", "json:results.json"],
            environment: ["REHEARSAL_FIXTURE_NOTIFY": fifo])
        let line = try #require(Self.readLine(reader, timeoutMilliseconds: 60_000), "the hang never started")
        let worker = try #require(line.split(separator: " ").last.flatMap { Int32($0) }, "\(line)")
        return (run, worker)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheRunWritesWhatFinishedAndLeavesNoWorker(signal: Int32) throws {
        // Given a run whose second scenario hangs its worker
        let cli = try CLIProcess(fixture: "interrupt", executable: "rehearsal-fixtures")
        let (run, worker) = try startHangingRun(cli)
        // When the command line gets the signal (as from Ctrl-C, or a cancelled CI job)
        kill(run.pid, signal)
        let outcome = try #require(try run.wait(timeout: 60), "the run did not end after the signal")
        // Then it exits 128 + the signal, its hung worker is gone, and the console lists what ran
        #expect(outcome.status == 128 + signal)
        #expect(rehearsal_wait_for_exit(worker, 0) == 1, "worker \(worker) outlived the run")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(
            outcome.normalizedStdout == """
                FAIL b-hang (Scenarios/b-hang.json)
                Scenarios/b-hang.json:6:5: error: interrupted by \(name) before it finished during step 1
                    { "at": "2s", "send": "hang" }
                    ^
                  hint: run it again; the reports list what finished
                last timeline events:
                  {"at": "0.000s", "state": "state", "value": 0}
                  {"at": "0.000s", "input": "tick"}
                  {"at": "0.000s", "state": "state", "value": 1}
                  {"at": "2.000s", "input": "hang"}
                error: interrupted by \(name): 2 of 2 scenarios ran; the reports list those
                  hint: run again to run the rest
                wrote results.json (json report)
                2 scenarios: 1 passed, 1 failed in <time> (interrupted by \(name))

                """)
        // And the JSON results were written with both outcomes, read back into the typed model
        let results = try cli.results("results.json")
        #expect(results.summary.exitCode == 128 + signal)
        #expect(results.summary.interruption == signal)
        #expect(results.scenarios.map(\.status) == [.passed, .failed])
        #expect(results.scenarios.last?.findings.map(\.kind) == [.interrupted])
        #expect(results.scenarios.last?.findings.first?.step?.index == 1)
        // And nothing was left behind: no temporary file, no lock file
        #expect(Self.leftovers(in: cli.directory) == [])
    }

    @Test func anInterruptedValidateExitsAsAnInterruptedRunDoes() throws {
        // Given a validation whose second scenario hangs its worker
        let cli = try CLIProcess(fixture: "interrupt", executable: "rehearsal-fixtures")
        let (run, worker) = try startHangingRun(cli, command: "validate")
        // When it gets SIGINT
        kill(run.pid, SIGINT)
        let outcome = try #require(try run.wait(timeout: 60), "the validation did not end after the signal")
        // Then it exits 130 like `run`, its worker is gone, and its reporters wrote what finished
        #expect(outcome.status == 130)
        #expect(rehearsal_wait_for_exit(worker, 0) == 1, "worker \(worker) outlived the validation")
        #expect(
            outcome.normalizedStdout == """
                error: interrupted by SIGINT: 2 of 2 scenarios validated; the reports list those
                  hint: run again to validate the rest
                wrote results.json (json report)
                validated 2 scenarios: 1 valid, 1 invalid (interrupted by SIGINT)

                """)
        #expect(outcome.stderr.hasPrefix("Scenarios/b-hang.json:6:5: error: interrupted by SIGINT before it finished"))
        let results = try cli.results("results.json")
        #expect(results.summary.interruption == SIGINT)
        #expect(results.scenarios.map(\.status) == [.passed, .failed])
        #expect(Self.leftovers(in: cli.directory) == [])
    }

    @Test func killingTheCommandLineKillsItsWorkers() throws {
        // Given a run whose worker hangs
        let cli = try CLIProcess(fixture: "interrupt", executable: "rehearsal-fixtures")
        let (run, worker) = try startHangingRun(cli)
        // When the command line is killed outright (no handler can run)
        kill(run.pid, SIGKILL)
        let outcome = try #require(try run.wait(timeout: 60), "the run did not end after SIGKILL")
        // Then the kernel ends its worker too (it asked to die with its parent)
        #expect(outcome.status == SIGKILL)
        #expect(rehearsal_wait_for_exit(worker, 30_000) == 1, "worker \(worker) outlived its killed parent")
    }

    /// One line from a non-blocking pipe, waiting at most `timeoutMilliseconds` for it (poll, never sleep).
    static func readLine(_ descriptor: Int32, timeoutMilliseconds: Int32) -> String? {
        var bytes: [UInt8] = []
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        while !bytes.contains(UInt8(ascii: "\n")) {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            let left = Int32((deadline - now) / 1_000_000) + 1
            guard poll(&entry, 1, left) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0, entry.revents & Int16(POLLHUP) != 0 {
                return nil
            }
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// Temporary files of atomic writes and lock files anywhere under `directory`.
    static func leftovers(in directory: URL) -> [String] {
        let entries = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        return entries.filter { $0.contains(".tmp-") || $0.hasSuffix(".lock") }.sorted()
    }
}
