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
            0.000s main start
            0.000s fetch profile started
            0.050s fetch profile returned
            0.050s main got profile
            0.050s fetch a started
            0.050s fetch b started
            0.050s fetch c started
            0.150s delay fired
            0.150s doomed CancellationError()
            0.150s fetch b returned
            0.250s fetch c returned
            0.350s fetch a returned
            0.350s main got b,c,a
            """)
    }
}
