import Foundation
import Rehearsal
import ScenarioJSON

/// Turns a run's result into a ``Verdict``: run failures first, then the golden comparison of ``GoldenCheck``,
/// recording goldens as the record mode allows.
struct ScenarioJudge {
    /// The package root goldens are found under.
    var root: String
    /// A lock file shared by the run's workers: golden and artifact writes (and the artifact index) are
    /// read-modify-write, so workers take turns; `nil` when only one process checks goldens.
    var lock: GoldenLock?

    /// The verdict for `result`, recording goldens as `record` (`never`, `missing`, `failed`, `all`) allows.
    func verdict(for result: ScenarioResult, path: String, record: String) -> Verdict {
        let check = GoldenCheck(store: GoldenStore(root: root), mode: RecordMode(rawValue: record) ?? .never)
        let checked = lock?.withLock { check.verdict(for: result) } ?? check.verdict(for: result)
        let goldenExists = FileManager.default.fileExists(atPath: root + "/" + checked.goldenPath)
        return Verdict(checked, path: path, goldenExists: goldenExists)
    }
}

extension Verdict {
    /// The verdict of a run on its own: failed with its failures, or passed.
    init(result: ScenarioResult, path: String) {
        self.init(path: path, name: result.name, status: result.failures.isEmpty ? .passed : .failed)
        problems = result.failures.map { Problem($0.error) }
        notes = result.notes.map(\.error.description)
        invalid = result.failures.contains { $0.kind == .invalid }
        timeline = result.timeline.map(RecordedTimeline.init)
        // A run that failed while playing (a mock error, an end check) shows where its timeline got to.
        if !result.failures.isEmpty, let timeline = result.timeline {
            lastEvents = Array(timeline.eventLines.suffix(Self.shownEvents))
        }
    }

    /// How many of the last timeline events a failing run shows.
    static let shownEvents = 8

    /// The verdict of a run compared with its golden (`goldenExists` tells a missing golden from an unreadable one).
    init(_ checked: ScenarioVerdict, path: String, goldenExists: Bool) {
        self.init(result: checked.result, path: path)
        switch checked.status {
        case .passed:
            status = .passed
            notes += checked.messages
        case .recorded:
            status = .recorded
            notes += checked.messages
        case .failed:
            status = .failed
            // A run with failures is reported by its failures; the golden was not looked at.
            guard checked.result.failures.isEmpty else { return }
            if let mismatch = checked.mismatch {
                let divergence = mismatch.firstDivergence
                let at = divergence.at.description
                firstDivergence =
                    "first divergence at \(at) (event \(divergence.index)): expected "
                    + (divergence.expected ?? "no event (the golden ends here)") + ", actual "
                    + (divergence.actual ?? "no event (the run ended here)")
                diff = mismatch.rendered
                let line = divergence.location.flatMap { $0.split(separator: ":").last.flatMap { Int($0) } }
                let headline =
                    "\(path)\(line.map { ":\($0)" } ?? ""): error: timeline differs from the golden "
                    + checked.goldenPath
                let rest = checked.messages.filter { $0 != mismatch.rendered }
                problems = [
                    Problem(
                        headline: headline, text: ([headline] + rest.map { "  \($0)" }).joined(separator: "\n"),
                        file: path, line: line, column: nil)
                ]
            } else if !goldenExists {
                let headline = "\(path): error: no golden timeline at \(checked.goldenPath)"
                problems = [
                    Problem(
                        headline: headline,
                        text: headline + "\n  hint: record it with --record missing (or 'rehearsal record'), review it "
                            + "and commit it",
                        file: path, line: nil, column: nil)
                ]
            } else {
                // An unreadable golden, or a golden that could not be written: the messages carry a located error.
                let text = checked.messages.joined(separator: "\n")
                problems = [Problem(located: text, fallbackFile: checked.goldenPath)]
            }
        }
    }
}

extension Verdict.Problem {
    /// A problem from rendered text whose first line may be `file:line:column: error: …`.
    init(located text: String, fallbackFile: String) {
        let headline =
            text.split(separator: "\n").first.map(String.init) ?? "\(fallbackFile): error: golden check failed"
        self.init(headline: headline, text: text, file: fallbackFile, line: nil, column: nil)
        guard let range = headline.range(of: #"^(.+):([0-9]+):([0-9]+): error: "#, options: .regularExpression) else {
            return
        }
        let parts = headline[range].dropLast(": error: ".count).split(separator: ":")
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return
        }
        file = parts.dropLast(2).joined(separator: ":")
        self.line = line
        self.column = column
    }
}

/// An exclusive `flock` on a file shared by the workers of one run.
final class GoldenLock: Sendable {
    let descriptor: Int32

    /// Opens (creating) the lock file at `path`; `nil` when it cannot.
    init?(path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func withLock<T>(_ body: () -> T) -> T {
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return body()
    }
}
