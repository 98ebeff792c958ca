import VirtualTime
import XCTest

/// Drives the main queue, so XCTest (whose test methods run on the main thread).
final class DeterminismStressTests: XCTestCase {
    func testTheScenarioWorkloadGivesByteIdenticalLogsOverAThousandRuns() throws {
        // Given the probe workload: MainActor hop, three children with different latencies, a scheduler-based
        // delay, a cancellation

        // When it runs a thousand times
        var logs: [String] = []
        for _ in 0..<1_000 { logs.append(try DeterminismProbe.run()) }

        // Then every run's log is byte-identical to the first, and the first is the order the workload must give:
        // the actual runs are compared with the literal history (not the probe's constant with a copy of itself)
        XCTAssertEqual(logs.filter { $0 != logs.first }.count, 0, "runs whose log differs from the first")
        XCTAssertEqual(
            logs.first,
            """
            0ms main start
            0ms fetch profile started
            50ms fetch profile returned
            50ms main got profile
            50ms fetch a started
            50ms fetch b started
            50ms fetch c started
            150ms delay fired
            150ms doomed CancellationError()
            150ms fetch b returned
            250ms fetch c returned
            350ms fetch a returned
            350ms main got b,c,a
            """)
    }
}
