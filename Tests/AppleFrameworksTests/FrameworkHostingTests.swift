import Foundation
import FrameworkSeam
import Testing
import VirtualTime

/// A host that only counts what reaches it.
private final class CountingHost: FrameworkHost, @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []

    var recorded: [String] { lock.withLock { keys } }

    func record(_ call: FrameworkCall) { lock.withLock { keys.append(call.key) } }

    func answerNow<Value: Decodable>(_ call: FrameworkCall, as type: Value.Type) -> Value? {
        record(call)
        return nil
    }

    func play<Value: Decodable & Sendable, Failure: Decodable & Sendable>(
        _ call: FrameworkCall, values: Value.Type, failures: Failure.Type,
        deliver: @escaping @MainActor @Sendable (FrameworkAnswer<Value, Failure>) -> Void
    ) -> FrameworkPlayback {
        record(call)
        return .none
    }

    func log(_ line: @autoclosure () -> FrameworkLogLine) {}
}

/// The running scenario's host is found only on the thread that plays it: what another thread does with a stand-in
/// at the same moment (another test of the process, a thread of the app's own) is none of the scenario's.
@Suite(.serialized) struct FrameworkHostingTests {
    @Test func onlyTheScenariosThreadFindsItsHost() throws {
        // Given a host installed by this thread while it holds the process's scenario slot, as a run installs its
        // own (so that a scenario of a suite running in parallel waits instead of installing its host meanwhile)
        let host = CountingHost()
        try VirtualEventLoop().runScenario(virtualizesSystemTime: false) {
            FrameworkHosting.install(host)
            defer { FrameworkHosting.remove(host) }
            // When another thread asks for the host to record a call, as a stand-in does, and then this one does
            let done = DispatchSemaphore(value: 0)
            Thread {
                FrameworkHosting.current?.record(FrameworkCall(.application, "open"))
                done.signal()
            }.start()
            done.wait()
            FrameworkHosting.current?.record(FrameworkCall(.application, "canOpenURL"))
        }
        // Then only this thread's call reached the host
        #expect(host.recorded == ["UIApplication.canOpenURL"])
    }
}
