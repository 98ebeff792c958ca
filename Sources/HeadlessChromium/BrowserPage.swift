import Foundation
import ScenarioJSON

/// One tab of a ``HeadlessBrowser``, attached through a flat DevTools session.
package final class BrowserPage: @unchecked Sendable {
    let connection: DevToolsConnection
    let session: String

    init(connection: DevToolsConnection, session: String) {
        self.connection = connection
        self.session = session
    }

    /// Sends a protocol command in this tab's session and returns its result.
    @discardableResult
    func call(_ method: String, _ params: JSONValue = [:], timeout: Double = 20) throws -> JSONValue {
        try connection.call(method, params, session: session, timeout: timeout)
    }

    /// Loads `url` and waits for the page's `load` event.
    package func navigate(_ url: String, timeout: Double = 20) throws {
        let mark = connection.eventLog.count
        try call("Page.navigate", ["url": .string(url)])
        _ = try connection.waitForEvent(after: mark, timeout: timeout, "load event of \(url)") {
            $0.method == "Page.loadEventFired" && $0.session == self.session
        }
    }

    /// Evaluates `expression` in the page and returns its value; a promise is awaited (for at most `timeout`
    /// seconds, the protocol call's deadline).
    /// - Throws: ``BrowserError`` with the script's exception text when it throws.
    package func evaluate(_ expression: String, timeout: Double = 20) throws -> JSONValue {
        let result = try call(
            "Runtime.evaluate", ["expression": .string(expression), "returnByValue": true, "awaitPromise": true],
            timeout: timeout)
        if let details = result["exceptionDetails"] {
            let text = details["exception"]?["description"]?.stringValue ?? details["text"]?.stringValue ?? "?"
            throw BrowserError("the page's script threw: \(text)")
        }
        return result["result"]?["value"] ?? .null
    }

    /// Types `text` into the focused element, as a keyboard would (an `input` event follows).
    package func insertText(_ text: String) throws {
        try call("Input.insertText", ["text": .string(text)])
    }

    /// Clicks at the viewport point (`x`, `y`) with the left mouse button.
    package func click(x: Double, y: Double) throws {
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            var params = JSONObject()
            params["type"] = .string(type)
            params["x"] = .double(x)
            params["y"] = .double(y)
            if type != "mouseMoved" {
                params["button"] = "left"
                params["clickCount"] = 1
            }
            try call("Input.dispatchMouseEvent", .object(params))
        }
    }

    /// A PNG of the viewport.
    package func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let text = result["data"]?.stringValue, let data = Data(base64Encoded: text) else {
            throw BrowserError("the screenshot came back without PNG data")
        }
        return data
    }

    /// The URL of every request the page started (`Network.requestWillBeSent`), in order.
    package var requestedURLs: [String] {
        connection.eventLog.filter { $0.method == "Network.requestWillBeSent" && $0.session == session }
            .compactMap { $0.params["request"]?["url"]?.stringValue }
    }

    /// Every exception the page's scripts threw without catching it (`Runtime.exceptionThrown`).
    package var exceptions: [String] {
        connection.eventLog.filter { $0.method == "Runtime.exceptionThrown" && $0.session == session }
            .map {
                $0.params["exceptionDetails"]?["exception"]?["description"]?.stringValue
                    ?? $0.params["exceptionDetails"]?["text"]?.stringValue ?? "?"
            }
    }

    /// Console messages of level error or warning, and failed resource loads the page logged.
    package var consoleProblems: [String] {
        connection.eventLog.filter { $0.method == "Runtime.consoleAPICalled" && $0.session == session }
            .filter { ["error", "warning", "assert"].contains($0.params["type"]?.stringValue ?? "") }
            .map { event in
                let arguments =
                    event.params["args"].flatMap { value -> [JSONValue]? in
                        if case .array(let items) = value { return items }
                        return nil
                    } ?? []
                return arguments.compactMap { $0["value"]?.stringValue ?? $0["description"]?.stringValue }.joined(
                    separator: " ")
            }
    }
}
