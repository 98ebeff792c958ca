import CVirtualTime
import CombineCompat
import RehearsalBase

/// At most one scenario drives the process's executors, interposers and scheduler redirection at a time; a scenario
/// started on another thread meanwhile waits its turn, so scenarios are serialised process-wide.
enum ScenarioSlot {
    /// The timeline the driving thread drives. Written by that thread before it starts driving and after it stops;
    /// read only by a thread for which `vt_thread_is_driving()` is true, that is by the driving thread itself.
    nonisolated(unsafe) static var driving: VirtualEventLoop?

    private static let turn = _Lock()

    /// Waits for the slot and takes it for `loop`; throws `alreadyRunning` when the calling thread already drives a
    /// scenario (waiting would deadlock).
    static func acquire(_ loop: VirtualEventLoop) throws(VirtualTimeError) {
        guard vt_thread_is_driving() == 0 else { throw .alreadyRunning }
        turn.lock()
        driving = loop
    }

    /// Gives the slot back.
    static func release() {
        driving = nil
        turn.unlock()
    }
}
