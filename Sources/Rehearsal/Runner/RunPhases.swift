import VirtualTime

/// Where one scenario's run spends its real time, phase by phase, summed over every run it saw: building the
/// ViewModel through the catalog (with the run's timeline, recorder and mock engine), playing the steps to the end
/// (teardown included), and the end-of-scenario checks (unheard inputs, unused responses, leftovers, masks and
/// properties). `rehearsal-bench runner` splits a scenario's cost with it; a run without one measures nothing.
///
/// Instants come from ``RealClock`` (never the virtual clock the run fakes on its thread).
package final class RunPhases: @unchecked Sendable {
    /// Nanoseconds from the start of a run to its ViewModel built, bound and settled.
    package private(set) var buildNanoseconds: Int64 = 0
    /// Nanoseconds from then to the steps played, time run out and the ViewModel released.
    package private(set) var playNanoseconds: Int64 = 0
    /// Nanoseconds from then to the outcome with every end check.
    package private(set) var checkNanoseconds: Int64 = 0
    /// How many runs ended (were measured whole).
    package private(set) var runs = 0
    private var mark: Int64 = 0

    /// Creates an empty tally.
    package init() {}

    func started() { mark = RealClock.monotonicNanoseconds }

    func built() { buildNanoseconds += lap() }

    func played() { playNanoseconds += lap() }

    func checked() {
        checkNanoseconds += lap()
        runs += 1
    }

    private func lap() -> Int64 {
        let now = RealClock.monotonicNanoseconds
        defer { mark = now }
        return now - mark
    }
}
