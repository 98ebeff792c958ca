import Foundation
import Rehearsal
import ScenarioJSON

/// The `_worker` command: runs the scenarios named on stdin one at a time, on the main thread, and reports on a
/// private copy of stdout.
///
/// Input lines are `<record mode>\t<path>`. Output lines are `S <path>` when a scenario starts, `E <cause>\t<event>`
/// for each timeline event as it is recorded (so a crash or hang still shows the last ones), and `R <verdict JSON>`
/// when it ends. Whatever the ViewModels print goes to stderr, so it cannot corrupt the protocol.
enum Worker {
    static func run(catalog: Catalog, root: String, goldenLock: String?) -> Int32 {
        let protocolOutput = LineWriter(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let judge = ScenarioJudge(root: root, lock: goldenLock.flatMap { GoldenLock(path: $0) })
        let writer = JSONWriter(style: .spaced)
        let encoder = JSONValueEncoder()
        while let line = readLine() {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let mode = String(line[..<tab])
            let path = String(line[line.index(after: tab)...])
            protocolOutput.write("S \(path)")
            var runner = ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root))
            runner.eventObserver = { event in
                protocolOutput.write("E \(event.cause.map { "\($0)" } ?? "")\t" + writer.string(.object(event.json)))
            }
            let result = runner.run(file: path)
            let verdict = judge.verdict(for: result, path: path, record: mode)
            // ScenarioJSON's coders keep the order of the timeline's members, which Foundation's do not.
            guard let json = try? encoder.encode(verdict) else { return 1 }
            protocolOutput.write("R " + JSONWriter(style: .compact).string(json))
        }
        return 0
    }
}

/// Writes whole lines to a file descriptor with one `write` each, ignoring a closed pipe.
final class LineWriter: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
