import CombineCompat
import Rehearsal

/// The HTML report of `rehearsal mutate` (`--reporter html:DIR`): one self-contained page whose mutation section
/// lists, per ViewModel, its score and every mutant with its call site, change, verdict, the scenarios that
/// reached it and those that killed it (or the hint for one that survived). Every text is escaped.
struct MutationPage {
    var report: MutationReport

    var html: String {
        var body = "<section id=\"mutation\"><h1>Mutation testing</h1>\n"
        body +=
            "<p class=\"summary\">score \(MutationText.percent(report.score)): \(report.killed) of "
            + "\(report.reached) mutants killed, \(report.survived) survived, \(report.plays) plays</p>\n"
        for score in report.viewModels {
            body +=
                "<h2>\(Self.escape(score.viewModel)) — \(score.killed) of \(score.reached) killed "
                + "(\(MutationText.percent(score.score)))</h2>\n<table><tr><th>call site</th><th>operator</th>"
                + "<th>change</th><th>verdict</th><th>reached by</th><th>killed by / hint</th></tr>\n"
            for result in score.mutants {
                let mutant = result.mutant
                let detail =
                    result.verdict == .killed
                    ? result.kills.map { "\($0.scenario): \($0.message)" }.joined(separator: "; ")
                    : result.hint ?? ""
                let verdict =
                    result.verdict == .notObservable ? "not observable by these scenarios" : result.verdict.rawValue
                let cells = [
                    "<code>\(Self.escape(mutant.point.site.description))</code>",
                    "<code>\(Self.escape(mutant.point.spelled))</code>",
                    Self.escape(MutationText.describe(mutant.change)), verdict,
                    Self.escape(result.scenarios.joined(separator: ", ")), Self.escape(detail),
                ]
                body += "<tr class=\"\(result.verdict.rawValue)\"><td>" + cells.joined(separator: "</td><td>")
                body += "</td></tr>\n"
            }
            body += "</table>\n"
        }
        if !report.skipped.isEmpty {
            body += "<h2>Skipped (failing as written)</h2><ul>\n"
            for skipped in report.skipped {
                body +=
                    "<li>\(Self.escape(skipped.scenario)) (\(Self.escape(skipped.path))): \(skipped.status.rawValue)</li>\n"
            }
            body += "</ul>\n"
        }
        body += "</section>\n"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Rehearsal mutation report</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 2em; }
            table { border-collapse: collapse; margin-bottom: 1.5em; }
            th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
            tr.killed td:nth-child(4) { color: #1a7f37; }
            tr.survived td:nth-child(4), tr.notObservable td:nth-child(4) { color: #cf222e; font-weight: bold; }
            </style></head><body>
            \(body)</body></html>

            """
    }

    /// Markup characters escaped (as the JUnit report's XML escapes them, which HTML reads alike).
    static func escape(_ text: String) -> String { JUnitReporter.escape(text) }
}
