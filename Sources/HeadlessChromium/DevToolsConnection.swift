import Foundation
import ScenarioJSON

/// The DevTools protocol over a ``ChromiumProcess``'s pipe: commands with ids, their replies, and every event,
/// kept in arrival order. Waiting always has a deadline: nothing here sleeps, it waits on the next message.
final class DevToolsConnection: @unchecked Sendable {
    /// A protocol event: its method, the session it belongs to (`nil` for the browser) and its parameters.
    struct Event: Sendable {
        var method: String
        var session: String?
        var params: JSONValue
    }

    private let process: ChromiumProcess
    private let condition = NSCondition()
    private var replies: [Int: JSONValue] = [:]
    private var events: [Event] = []
    private var closed = false
    private var nextID = 1

    init(process: ChromiumProcess) {
        self.process = process
        let thread = Thread { [weak self, descriptor = process.replies] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                var start = 0
                while let end = pending[start...].firstIndex(of: 0) {
                    self?.receive(Array(pending[start..<end]))
                    start = end + 1
                }
                pending.removeFirst(start)
            }
            self?.close()
        }
        thread.start()
    }

    private func receive(_ bytes: [UInt8]) {
        guard let message = try? JSONParser(maxDepth: 512).parse(bytes: bytes).root else { return }
        condition.lock()
        if case .integer(let id)? = message["id"] {
            replies[Int(id)] = message
        } else if let method = message["method"]?.stringValue {
            events.append(
                Event(method: method, session: message["sessionId"]?.stringValue, params: message["params"] ?? .null))
        }
        condition.broadcast()
        condition.unlock()
    }

    private func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sends `method` and waits (until `timeout` seconds have passed) for its result.
    /// - Throws: ``BrowserError`` for a protocol error, a closed pipe or a timeout.
    @discardableResult
    func call(_ method: String, _ params: JSONValue = [:], session: String? = nil, timeout: Double = 20)
        throws -> JSONValue
    {
        condition.lock()
        let id = nextID
        nextID += 1
        condition.unlock()
        var message = JSONObject()
        message["id"] = .integer(Int64(id))
        message["method"] = .string(method)
        message["params"] = params
        if let session { message["sessionId"] = .string(session) }
        try process.send(JSONWriter(style: .compact).string(.object(message)))
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while replies[id] == nil {
            if closed { throw BrowserError("the browser closed its DevTools pipe while waiting for \(method)") }
            if !condition.wait(until: deadline) {
                throw BrowserError("no reply to \(method) within \(Int(timeout))s")
            }
        }
        let reply = replies.removeValue(forKey: id) ?? .null
        if let error = reply["error"] {
            throw BrowserError("\(method) failed: \(error["message"]?.stringValue ?? JSONWriter().string(error))")
        }
        return reply["result"] ?? .null
    }

    /// Waits (until `timeout` seconds have passed) for an event after position `after` of the event log that
    /// `matches`, and returns its position.
    /// - Throws: ``BrowserError`` for a closed pipe or a timeout.
    func waitForEvent(after: Int, timeout: Double = 20, _ what: String, matches: (Event) -> Bool) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var checked = after
        while true {
            while checked < events.count {
                if matches(events[checked]) { return checked }
                checked += 1
            }
            if closed { throw BrowserError("the browser closed its DevTools pipe while waiting for \(what)") }
            if !condition.wait(until: deadline) { throw BrowserError("no \(what) within \(Int(timeout))s") }
        }
    }

    /// The events received so far, in order.
    var eventLog: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }
}
