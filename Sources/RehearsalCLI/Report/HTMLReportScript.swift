/// The report page's script: renders the embedded data (index, filter, lanes, golden/actual alignment) with no
/// library and no request.
///
/// The page tells whoever drives it when a view is on screen: after each render it dispatches
/// `rehearsal:rendered` on `window` (detail: the view) in the next animation frame, and keeps
/// `window.rehearsalReport.firstRenderMs` (milliseconds from navigation start to the first index on screen).
enum HTMLReportScript {
    static let javaScript =
        HTMLReportScript.core + HTMLReportScript.lanes + HTMLReportScript.views + HTMLReportScript.mutation
}
