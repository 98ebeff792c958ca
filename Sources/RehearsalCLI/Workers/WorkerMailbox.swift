import CombineCompat
import Foundation
import RehearsalBase

/// The message lines of every worker's stdout, the end of each stream, and signals that interrupt the run,
/// delivered to the parent's one thread in the order they arrived.
final class WorkerMailbox: @unchecked Sendable {
    enum Message: Sendable {
        /// A message line of a worker (its event frames are kept by ``readLines(from:worker:into:events:)``).
        case line(worker: Int, [UInt8])
        case closed(worker: Int)
        /// SIGINT or SIGTERM reached the command line.
        case interrupted(signal: Int32)
    }

    private let lock = _Lock()
    private let arrived = DispatchSemaphore(value: 0)
    private var messages: [Message] = []
    private var head = 0

    func post(_ message: Message) {
        lock.withLock { messages.append(message) }
        arrived.signal()
    }

    /// The longest single wait; a deadline further away is waited for in steps (no `Date` arithmetic overflows).
    private static let longestWait: Double = 3600

    /// The next message, or `nil` when `deadline` passed first (the per-scenario watchdog).
    func next(before deadline: Date?) -> Message? {
        while true {
            let message: Message? = lock.withLock {
                guard head < messages.count else { return nil }
                let message = messages[head]
                head += 1
                if head > 1024, head * 2 > messages.count {
                    messages.removeFirst(head)
                    head = 0
                }
                return message
            }
            if let message { return message }
            guard let deadline else {
                arrived.wait()
                continue
            }
            let seconds = min(deadline.timeIntervalSinceNow, Self.longestWait)
            if seconds <= 0 { return nil }
            _ = arrived.wait(timeout: .now() + .milliseconds(Int(seconds * 1000) + 1))
        }
    }

    /// Reads `descriptor` on a thread of its own until end of file, keeping each event frame in `events` and posting
    /// each message line, then `.closed` (after the last event: what a worker wrote before its end is kept first).
    static func readLines(from descriptor: Int32, worker: Int, into mailbox: WorkerMailbox, events: ReachedEventsInbox)
    {
        let thread = Thread {
            let reader = LineReader(descriptor: descriptor)
            while let line = reader.next() {
                if case .event = WorkerLine.frame(line) {
                    events.append(line)
                } else {
                    mailbox.post(.line(worker: worker, line))
                }
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
