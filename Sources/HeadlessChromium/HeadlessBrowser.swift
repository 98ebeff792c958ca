import Foundation
import ScenarioJSON

/// A headless Chromium for tests and benchmarks: open a page, run script in it, drive it with input events, take
/// screenshots, and see every request it made.
///
/// ```swift
/// let browser = try HeadlessBrowser()          // nil executable: finds Debian's `chromium`
/// defer { browser.close() }
/// let page = try browser.open("file:///tmp/report/index.html")
/// let rows = try page.evaluate("document.querySelectorAll('tr').length")
/// ```
/// ``close()`` (also on deinit) kills the browser's whole process group.
package final class HeadlessBrowser: @unchecked Sendable {
    let process: ChromiumProcess
    let connection: DevToolsConnection
    /// The viewport size pages get.
    package let width: Int
    package let height: Int

    /// Starts a browser. `executable` defaults to ``HeadlessBrowser/executable``.
    /// - Throws: ``BrowserError`` when no browser is installed or it does not answer on its pipe.
    package init(executable: String? = nil, width: Int = 1280, height: Int = 900) throws {
        guard let path = executable ?? Self.executable else {
            throw BrowserError(
                "no Chromium found: install Debian's 'chromium' package ('make test' does), or set REHEARSAL_CHROMIUM")
        }
        self.width = width
        self.height = height
        process = try ChromiumProcess(executable: path, width: width, height: height)
        connection = DevToolsConnection(process: process)
        do {
            try connection.call("Target.setDiscoverTargets", ["discover": true])
        } catch {
            process.terminate()
            throw error
        }
    }

    deinit {
        process.terminate()
    }

    /// The browser found on this machine: `$REHEARSAL_CHROMIUM`, else `chromium`, `chromium-browser` or
    /// `google-chrome` on the `PATH`.
    package static var executable: String? { ChromiumProcess.find() }

    /// Kills the browser and every process it started.
    package func close() {
        process.terminate()
    }

    /// The browser's process group id (every process it started belongs to it, but its crash handler).
    package var processGroup: pid_t { process.pid }

    /// The browser's temporary profile folder (every process of the browser names it on its command line).
    package var profile: String { process.profile.path }

    /// The ids of the processes whose command line contains `text`.
    package static func processes(mentioning text: String) -> [pid_t] {
        ChromiumProcess.processes(mentioning: text)
    }

    /// Opens `url` in a new tab of the viewport's size and waits for its `load` event. The newest tab is the one in
    /// front (a tab behind it gets no animation frames).
    /// - Throws: ``BrowserError`` when the page does not load within `timeout` seconds.
    package func open(_ url: String, timeout: Double = 20) throws -> BrowserPage {
        let target = try connection.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"]?.stringValue else { throw BrowserError("no target id for a new tab") }
        let attached = try connection.call("Target.attachToTarget", ["targetId": .string(targetID), "flatten": true])
        guard let session = attached["sessionId"]?.stringValue else { throw BrowserError("no session for a new tab") }
        let page = BrowserPage(connection: connection, session: session)
        for domain in ["Page", "Runtime", "Network"] { try page.call("\(domain).enable") }
        try page.call(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .integer(Int64(width)), "height": .integer(Int64(height)), "deviceScaleFactor": 1,
                "mobile": false,
            ])
        // A new tab already shows about:blank (navigating there again gets no reply).
        if url != "about:blank" { try page.navigate(url, timeout: timeout) }
        return page
    }
}
