import Foundation
import Rehearsal
import ScenarioJSON
import Testing
import VirtualTime

@testable import RehearsalCLI

/// The confirming play's second worker (another hashing seed) is started once per worker and kept for the next
/// confirming plays: recording thousands of scenarios starts one second process, not one per recording.
@Suite struct OtherProcessPlayTests {
    @Test func oneSecondWorkerPlaysEveryConfirmingPlayAndEndsAtStop() throws {
        // Given the sections fixture and a second worker on the fixtures' executable
        let cli = try CLIProcess(fixture: "sections", executable: "rehearsal-fixtures")
        let other = OtherProcessPlay(
            root: cli.directory.path, seed: HashingSeed.other,
            executable: CLIProcess.buildDirectory.appendingPathComponent("rehearsal-fixtures"))
        #expect(other.processIdentifier == nil)
        // When it plays both scenarios, and the first again
        let paths: [PathName] = ["Scenarios/contacts/sorted.json", "Scenarios/contacts/grouped.json"]
        var pids: [Int32?] = []
        var outcomes: [ScenarioOutcome] = []
        for path in paths + [paths[0]] {
            outcomes.append(other.play(path, advice: RecordAdvice()))
            pids.append(other.processIdentifier)
        }
        // Then every play is a play of its scenario with a timeline, all in one process
        #expect(outcomes.map(\.path) == paths + [paths[0]])
        #expect(outcomes.allSatisfy { $0.findings.isEmpty && $0.timeline != nil })
        let pid = try #require(pids[0])
        #expect(pids == [pid, pid, pid])
        // And stop ends that process and waits for it
        other.stop()
        #expect(other.processIdentifier == nil)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aSecondWorkerThatCannotStartIsACrashedOutcomeSayingSo() throws {
        // Given a second worker whose executable does not exist
        let other = OtherProcessPlay(
            root: "/", seed: HashingSeed.other, executable: URL(fileURLWithPath: "/nonexistent/rehearsal"))
        // When it plays
        let outcome = other.play("Scenarios/a.json", advice: RecordAdvice())
        // Then the outcome is a crash naming the cause
        #expect(outcome.status == .crashed)
        let message = try #require(outcome.findings.first?.diagnostic.message)
        #expect(message.hasPrefix("could not start a second worker for the confirming play: "))
    }
}
