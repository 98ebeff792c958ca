import Rehearsal
import ScenarioJSON

/// Writes GitHub Actions workflow commands: an `::error` annotation at the scenario file and step line for each
/// failing scenario, a warning (or error with `--strict`) per obsolete golden, and notices for what did not fit
/// and for the summary — always within GitHub's limits.
///
/// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step and 50 per job (actions/toolkit,
/// docs/problem-matchers.md, "Limitations"). So: at most ``maxPerKind`` of each kind, messages cut to
/// ``maxMessage`` characters, and one short notice per kind that overflowed, naming a few of the rest and pointing
/// to the step summary (`--reporter markdown:$GITHUB_STEP_SUMMARY`) and the job log for all of them.
struct GitHubReporter: Reporter {
    /// Annotations of one kind GitHub shows per step.
    static let maxPerKind = 10
    /// The longest message an annotation carries (the full text is in the job log and the step summary).
    static let maxMessage = 4_000
    /// How many of the scenarios that were not annotated an overflow notice names.
    static let namedInOverflow = 5
    /// At most 5 findings of one kind in an annotation, then the line counting the rest: a flood's count and place
    /// stay within ``maxMessage`` (the job log shows 20 of each kind, `--reporter json` all of them).
    static let findingLimit = FindingLimit(perKind: 5, elsewhere: "--reporter json or junit lists every one")
    var write: (String) -> Void

    func finish(_ report: RunReport) throws(ReportWriteError) {
        write(Self.commands(report).joined(separator: "\n") + "\n")
    }

    /// Annotations for failures first, then obsolete goldens; past the limit of a kind, one notice counts the
    /// rest; the last command is a notice with the summary line. Only annotated failures are rendered.
    static func commands(_ report: RunReport) -> [String] {
        let failures = report.failures
        var commands = failures.prefix(maxPerKind).map(errorCommand)
        var errorSubjects = failures.dropFirst(maxPerKind).map(\.name)
        var warningSubjects: [String] = []
        let kind = report.strict ? "error" : "warning"
        let goldens = report.obsoleteGoldens
        let room = kind == "error" ? max(0, maxPerKind - failures.count) : maxPerKind
        for golden in goldens.prefix(room) {
            let message = "No scenario file for this golden; run '\(report.advice.command("prune"))' to remove it."
            commands.append(
                "::\(kind) file=\(property(golden)),title=\(property("obsolete golden"))::\(data(message))")
        }
        if kind == "error" {
            errorSubjects += goldens.dropFirst(room)
        } else {
            warningSubjects = Array(goldens.dropFirst(room))
        }
        for (kind, rest) in [("error", errorSubjects), ("warning", warningSubjects)] where !rest.isEmpty {
            let named = rest.prefix(namedInOverflow).joined(separator: ", ")
            let more = rest.count > namedInOverflow ? " and \(rest.count - namedInOverflow) more" : ""
            commands.append(
                "::notice title=\(property("rehearsal: \(rest.count) more \(kind)s not annotated"))::"
                    + data(
                        "GitHub shows \(maxPerKind) \(kind) annotations per step. Not annotated: \(named)\(more). "
                            + "See the step summary (--reporter markdown:$GITHUB_STEP_SUMMARY) or the job log for "
                            + "all of them."))
        }
        commands += noteCommands(report, room: maxPerKind - 1 - commands.count { $0.hasPrefix("::notice") })
        commands.append("::notice title=rehearsal::\(data(report.summaryLine))")
        return commands
    }

    /// `::notice` annotations for the notes of scenarios that did not fail (a `"strict": false` scenario's end
    /// checks, a recorded golden) and of the run, at most `room` (the last one counting the rest when they do not
    /// fit): a note is a notice, never an error.
    private static func noteCommands(_ report: RunReport, room: Int) -> [String] {
        var notes: [(name: String, path: String, finding: Diagnostic)] = []
        for outcome in report.outcomes where !outcome.isFailure {
            notes += outcome.notes.map { (outcome.name, outcome.path.description, $0.diagnostic) }
        }
        notes += report.notes.filter { $0.severity == .note }.map { ("rehearsal", "", $0) }
        guard room > 0, !notes.isEmpty else { return [] }
        let shown = notes.count > room ? notes.prefix(room - 1) : notes[...]
        var commands = shown.map { note -> String in
            let location = note.finding.location
            var properties: [String] = []
            if let path = location?.path ?? (note.path.isEmpty ? nil : note.path) {
                properties.append("file=\(property(path))")
            }
            if let line = location?.line { properties.append("line=\(line)") }
            if let column = location?.column { properties.append("col=\(column)") }
            properties.append("title=\(property(cut("\(note.name): note", 200)))")
            return "::notice \(properties.joined(separator: ","))::\(data(cut(note.finding.description, maxMessage)))"
        }
        if notes.count > room {
            commands.append(
                "::notice title=\(property("rehearsal: \(notes.count - shown.count) more notes not annotated"))::"
                    + data("See the job log for all of them."))
        }
        return commands
    }

    /// `::error file=…,line=…,col=…,title=…::message` for a failed scenario, at its first located finding.
    private static func errorCommand(_ outcome: ScenarioOutcome) -> String {
        let finding = outcome.findings.first { $0.diagnostic.location?.line != nil } ?? outcome.findings.first
        let location = finding?.diagnostic.location
        var properties = ["file=\(property(location?.path ?? outcome.path.description))"]
        if let line = location?.line { properties.append("line=\(line)") }
        if let column = location?.column { properties.append("col=\(column)") }
        properties.append("title=\(property(cut("\(outcome.name): \(RunReport.label(outcome.status))", 200)))")
        return
            "::error \(properties.joined(separator: ","))::\(data(cut(outcome.text(findingLimit), maxMessage)))"
    }

    /// `text` cut to at most `limit` characters, ending with a note when it was cut.
    private static func cut(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        let note = "\n… (cut; the job log has the rest)"
        return String(text.prefix(limit - note.count)) + note
    }

    /// Escapes a command's message: `%`, `\r`, `\n`.
    static func data(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// Escapes a property value: as ``data(_:)`` plus `:` and `,`.
    static func property(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// `text` with each of `replacements`' scalars replaced, in one pass over its Unicode scalars (a `\r\n` is
    /// one `Character` but two scalars, and both are escaped).
    private static func escape(_ text: String, _ replacements: [(Unicode.Scalar, String)]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements.first(where: { $0.0 == scalar }) {
                result += replacement.1
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
