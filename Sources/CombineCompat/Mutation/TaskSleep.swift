#if !canImport(Darwin)

extension Task where Success == Never, Failure == Never {
    /// Suspends the current task for `duration` on the continuous clock, as the standard library's
    /// `Task.sleep(for:tolerance:clock:)` does with its default clock (this is what it does: it sleeps until
    /// `ContinuousClock.now` advanced by `duration`, with the same tolerance), and is a mutation point of
    /// `rehearsal mutate` at its call site: a mutant sleeps for zero instead.
    ///
    /// Linux only, as the rest of CombineCompat's implementation: on Apple platforms nothing is mutated and the
    /// standard library's sleep is called. A file that imports Combine on Linux calls this one for
    /// `try await Task.sleep(for: .milliseconds(300))`: the compiler prefers it to the standard library's generic
    /// method. `Task.sleep(nanoseconds:)` and
    /// `Task.sleep(until:clock:)` stay the standard library's (no call site of theirs is known), and so does any
    /// call in a file that does not import Combine. Outside a mutate play nothing changes but one thread-local read.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps, as the standard library's does.
    public static func sleep(
        for duration: Duration, tolerance: Duration? = nil, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) async throws {
        let slept =
            MutationSeam.change(.taskSleep, file: file, line: line, column: column) == .intervalZero
            ? Duration.zero : duration
        let clock = ContinuousClock()
        try await Task<Never, Never>.sleep(until: clock.now.advanced(by: slept), tolerance: tolerance, clock: clock)
    }
}

#endif
