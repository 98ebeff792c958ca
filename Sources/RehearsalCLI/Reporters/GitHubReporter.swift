/// Writes GitHub Actions workflow commands: an `::error` annotation at the scenario file and step line for each
/// failing scenario (at most ``maxAnnotations``), and one `::notice` for the rest.
struct GitHubReporter: Reporter {
    /// GitHub shows at most 10 error annotations per step.
    static let maxAnnotations = 10
    var write: (String) -> Void

    func finish(_ report: RunReport) throws {
        write(Self.commands(report).joined(separator: "\n") + "\n")
    }

    /// Annotations for failures first, then obsolete goldens; past the limit, one notice names the rest; the last
    /// command is a notice with the summary line.
    static func commands(_ report: RunReport) -> [String] {
        var annotations: [(command: String, subject: String)] = []
        for verdict in report.failures {
            let located = verdict.problems.first { $0.line != nil } ?? verdict.problems.first
            var properties = ["file=\(property(located?.file ?? verdict.path))"]
            if let line = located?.line { properties.append("line=\(line)") }
            if let column = located?.column { properties.append("col=\(column)") }
            properties.append("title=\(property("\(verdict.name): \(RunReport.label(verdict.status))"))")
            annotations.append(
                ("::error \(properties.joined(separator: ","))::\(data(verdict.fullText))", verdict.name))
        }
        let kind = report.strict ? "error" : "warning"
        for golden in report.obsoleteGoldens {
            let message = "No scenario file for this golden; run 'rehearsal prune' to remove it."
            annotations.append(
                ("::\(kind) file=\(property(golden)),title=\(property("obsolete golden"))::\(data(message))", golden))
        }
        var commands = annotations.prefix(maxAnnotations).map(\.command)
        if annotations.count > maxAnnotations {
            let rest = annotations.dropFirst(maxAnnotations).map(\.subject)
            commands.append(
                "::notice title=\(property("rehearsal: \(rest.count) more not annotated"))::"
                    + data(
                        "GitHub shows \(maxAnnotations) annotations; see the job log for: \(rest.joined(separator: ", "))"
                    ))
        }
        commands.append("::notice title=rehearsal::\(data(report.summaryLine))")
        return commands
    }

    /// Escapes a command's message: `%`, `\r`, `\n`.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as ``data(_:)`` plus `:` and `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
