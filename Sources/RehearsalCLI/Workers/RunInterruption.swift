import CombineCompat
import Foundation
import RehearsalBase

/// SIGINT and SIGTERM (Ctrl-C, a CI job cancelled) while `rehearsal run` works: instead of dying with its workers
/// orphaned, the command line stops giving out scenarios, stops its workers, writes the reports of what finished
/// and exits 128 + the signal (130, 143).
///
/// While it is installed the signals are caught (on a dispatch queue, never in an async-signal context) and posted to
/// the worker pool's mailbox, which wakes the pool wherever it waits.
final class RunInterruption: @unchecked Sendable {
    /// The signals that interrupt a run.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    private let lock = _Lock()
    private var received: Int32?
    private var mailbox: WorkerMailbox?
    private var sources: [any DispatchSourceSignal] = []

    /// Starts catching the signals.
    init() {
        for number in Self.signals {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.receive(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops catching them (their default actions apply again).
    func remove() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.signals { Glibc.signal(number, SIG_DFL) }
    }

    /// The first signal received, if any.
    var signal: Int32? { lock.withLock { received } }

    /// Posts interruptions to `mailbox` from now on (and at once, when one already came).
    func attach(_ mailbox: WorkerMailbox) {
        let already: Int32? = lock.withLock {
            self.mailbox = mailbox
            return received
        }
        if let already { mailbox.post(.interrupted(signal: already)) }
    }

    private func receive(_ number: Int32) {
        let mailbox: WorkerMailbox? = lock.withLock {
            if received == nil { received = number }
            return self.mailbox
        }
        mailbox?.post(.interrupted(signal: number))
    }
}
