import CombineCompat
import Foundation

/// Lines from every worker's stdout and the end of each stream, delivered to the parent's one thread in the
/// order they arrived.
final class WorkerMailbox: @unchecked Sendable {
    enum Message: Sendable {
        case line(worker: Int, String)
        case closed(worker: Int)
    }

    private let condition = NSCondition()
    private var messages: [Message] = []
    private var head = 0

    func post(_ message: Message) {
        condition.lock()
        messages.append(message)
        condition.signal()
        condition.unlock()
    }

    /// The next message, or `nil` when `deadline` passed first (the per-scenario watchdog).
    func next(before deadline: Date?) -> Message? {
        condition.lock()
        defer { condition.unlock() }
        while head == messages.count {
            if let deadline {
                if !condition.wait(until: deadline) { return nil }
            } else {
                condition.wait()
            }
        }
        let message = messages[head]
        head += 1
        if head > 1024 {
            messages.removeFirst(head)
            head = 0
        }
        return message
    }

    /// Reads `descriptor` on a thread of its own until end of file, posting each line, then `.closed`.
    static func readLines(from descriptor: Int32, worker: Int, into mailbox: WorkerMailbox) {
        let thread = Thread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    mailbox.post(.line(worker: worker, String(decoding: pending[start..<newline], as: UTF8.self)))
                    start = newline + 1
                }
                pending.removeFirst(start)
            }
            mailbox.post(.closed(worker: worker))
        }
        thread.start()
    }
}

/// The tail of a worker's stderr (what a crashing ViewModel printed, and the runtime's fatal error message).
final class StderrTail: @unchecked Sendable {
    private let lock = _Lock()
    private var text = ""
    private let finished = DispatchSemaphore(value: 0)

    /// Reads `descriptor` on its own thread until end of file.
    func collect(from descriptor: Int32) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 16384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let chunk = String(decoding: buffer[..<count], as: UTF8.self)
                self.lock.withLock {
                    self.text += chunk
                    if self.text.utf8.count > 16384 { self.text = String(self.text.suffix(8192)) }
                }
            }
            self.finished.signal()
        }
        thread.start()
    }

    /// Drops what was collected so far (a new scenario starts).
    func reset() {
        lock.withLock { text = "" }
    }

    /// The last `count` non-empty lines, after the stream ended.
    func lastLines(_ count: Int) -> [String] {
        finished.wait()
        finished.signal()
        let lines = lock.withLock { text }.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return Array(lines.suffix(count))
    }
}
