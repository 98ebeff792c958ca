import Foundation
import Rehearsal

/// Writes JUnit XML: one `<testcase>` per scenario. A failure's message is its first problem's headline; its body
/// is the rest (the source line, the hint, every other problem however many, the diff), so no message appears twice. Crashes and
/// timeouts are `<error>`s; notes go to `<system-out>`, as notes.
struct JUnitReporter: Reporter {
    var path: String

    func finish(_ report: RunReport) throws(ReportWriteError) {
        try writeReportFile(Self.document(report), to: path, reporter: "junit")
    }

    static func document(_ report: RunReport) -> String {
        let failures = report.outcomes.count { $0.status == .failed || $0.status == .flaky }
        let errors = report.outcomes.count { $0.status == .crashed || $0.status == .timedOut }
        let counts =
            "tests=\"\(report.outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "time=\"\(seconds(report.wallTime))\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"rehearsal\" \(counts)>",
            "  <testsuite name=\"rehearsal\" \(counts) skipped=\"0\">",
        ]
        for outcome in report.outcomes {
            let (classname, name) = split(outcome.name)
            let open =
                "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\" "
                + "file=\"\(escape(outcome.path.description))\" time=\"\(seconds(outcome.duration))\""
            switch outcome.status {
            case .passed, .recorded:
                if outcome.notes.isEmpty {
                    lines.append(open + "/>")
                } else {
                    lines.append(open + ">")
                    lines.append(
                        "      <system-out>\(escape(outcome.notes.map(\.description).joined(separator: "\n")))</system-out>"
                    )
                    lines.append("    </testcase>")
                }
            case .failed, .flaky, .crashed, .timedOut:
                let element = outcome.status == .crashed || outcome.status == .timedOut ? "error" : "failure"
                lines.append(open + ">")
                lines.append(
                    "      <\(element) message=\"\(escape(outcome.headline, attribute: true))\" type=\"\(outcome.status.rawValue)\">"
                        + escape(outcome.details(nil).joined(separator: "\n")) + "</\(element)>")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `contributors/load-and-paginate` → (`contributors`, `load-and-paginate`).
    private static func split(_ name: String) -> (String, String) {
        guard let slash = name.lastIndex(of: "/") else { return ("rehearsal", name) }
        return (
            String(name[..<slash]).replacingOccurrences(of: "/", with: "."), String(name[name.index(after: slash)...])
        )
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Escapes markup characters and replaces characters XML 1.0 does not allow (most control characters).
    /// In an attribute, line breaks and tabs become character references so parsers keep them.
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r":
                if attribute {
                    result += "&#\(scalar.value);"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
