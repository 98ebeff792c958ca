import Foundation
import VirtualTime

/// How a worker process is started: this executable again as `_worker` for the package root, dying with this
/// process (`--parent`), a crash printing the runtime's one-line reason instead of a long backtrace (it exits
/// sooner), and hashing with a known seed (see `HashingSeed`). Its pipes are the caller's to set.
enum WorkerProcess {
    /// The process, not started: hashing with `seed`, or without one with the seed the environment sets, else
    /// `HashingSeed.play` (every worker of a run hashes alike, so a scenario plays alike in each and on every run).
    static func make(executable: URL, root: String, seed: UInt64? = nil) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["_worker", "--root", root, "--parent", String(getpid())]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if let seed {
            environment[HashingSeed.variable] = String(seed)
        } else if environment[HashingSeed.variable] == nil {
            environment[HashingSeed.variable] = String(HashingSeed.play)
        }
        process.environment = environment
        return process
    }
}
