import Rehearsal
import ScenarioJSON

/// The problem of a scenario whose worker crashed or timed out, located at the step that was running.
enum WorkerFailure {
    /// An error at the step named by `cause` (`step 2`), or at the file when the run had not reached a step.
    static func problem(path: String, root: String, cause: String?, message: String, hint: String, details: [String])
        -> Verdict.Problem
    {
        var error = JSONError(message: message, hint: hint, path: path)
        if let cause, cause.hasPrefix("step "), let index = Int(cause.dropFirst(5)),
            let scenario = try? ScenarioLoader(root: root).load(path),
            let step = scenario.steps.first(where: { $0.index == index })
        {
            error = scenario.document.error(at: step.pointer, "\(message) during step \(index)", hint: hint)
        } else if let cause {
            error.message += " during \(cause)"
        }
        var text = error.description
        if !details.isEmpty { text += "\n" + details.joined(separator: "\n") }
        return Verdict.Problem(
            headline: error.headline, text: text, file: error.path ?? path, line: error.line, column: error.column)
    }

    /// What the worker printed before it died, without the runtime's stack dump.
    static func output(_ lines: [String]) -> [String] {
        let relevant = lines.prefix { !$0.hasPrefix("Current stack trace:") && !$0.hasPrefix("Stack dump:") }
        let tail = relevant.suffix(6)
        return tail.isEmpty ? [] : ["worker output:"] + tail.map { "  \($0)" }
    }
}
