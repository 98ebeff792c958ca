import ScenarioJSON

/// Writes a ``Report`` as one self-contained HTML page: its style, script and data inline, nothing fetched.
///
/// The page's Content-Security-Policy allows no request at all (`default-src 'none'`), so it opens the same from the
/// file system, from a CI artifact or offline. Its data is one JSON block the script renders on load: an index of
/// every scenario (failures first, filter by text, `status:failed` or a name glob), and per scenario its lanes on
/// the virtual-time axis, the golden and the run aligned when they differ, its steps and its problems.
///
/// ```swift
/// let html = HTMLReport(report).page     // write it as DIR/index.html
/// ```
package struct HTMLReport: Sendable {
    /// The report shown.
    package var report: Report

    /// Creates the page of `report`.
    package init(_ report: Report) {
        self.report = report
    }

    /// The whole page.
    /// - Complexity: O(n) in the number of events of all scenarios.
    package var page: String {
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
            script-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Rehearsal report</title>
            <style>

            """
        html += HTMLReportStyle.css
        html += "</style>\n</head>\n<body>\n<div id=\"app\"><p class=\"loading\">Loading the report…</p></div>\n"
        html += "<script type=\"application/json\" id=\"report-data\">"
        html += Self.embeddable(JSONWriter(style: .compact).bytes(HTMLReportData(report).json))
        html += "</script>\n<script>\n"
        html += HTMLReportScript.javaScript
        html += "</script>\n</body>\n</html>\n"
        return html
    }

    /// JSON text that can stand inside a `<script>` element: every `<` (only ever inside a string) becomes
    /// `\u003c`, so no `</script>` in a value can end the element.
    static func embeddable(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64)
        for byte in bytes {
            if byte == UInt8(ascii: "<") {
                output.append(contentsOf: Array("\\u003c".utf8))
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
