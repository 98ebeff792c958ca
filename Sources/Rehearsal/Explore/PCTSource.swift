/// Probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi and Nagarakatte, "A Randomized Scheduler with
/// Probabilistic Guarantees of Finding Bugs", ASPLOS 2010), over the logical threads of a scenario's work.
///
/// Every thread gets a random priority when it first appears (placed at a random rank among the threads that were
/// not demoted); at each `order` choice point the option whose thread has the highest priority runs. Before the
/// run, `depth - 1` distinct change points are drawn uniformly from the steps `1...steps` (the number of `order`
/// choice points of the default run); at a change point the thread about to run is demoted below every other thread,
/// and the highest-priority option runs instead. A bug that needs `d` ordering constraints is then hit with
/// probability at least 1/(n·k^(d-1)) per run, for n threads and k steps. Latency and step choice points are not
/// orderings of threads: they take a uniformly random option.
package struct PCTSource: ScheduleSource {
    private var random: SplitMix64
    private let changePoints: Set<Int>
    /// Threads by priority, highest first; demoted threads at the end, the most recently demoted last.
    private var ranked: [ScheduleThread] = []
    private var demotedCount = 0

    /// The source of schedule `index` of PCT with bug depth `depth` seeded with `seed`, for runs of about
    /// `steps` order choice points.
    package init(seed: UInt64, index: Int, depth: Int, steps: Int) {
        random = SplitMix64(seed: seed, stream: UInt64(index))
        var points = Set<Int>()
        let wanted = min(max(depth - 1, 0), max(steps, 0))
        while points.count < wanted { points.insert(1 + random.below(max(steps, 1))) }
        changePoints = points
    }

    package var wantsThreads: Bool { true }

    package mutating func choose(_ point: ChoicePoint) -> Int {
        guard point.kind == .order, point.threads.count == point.options else { return random.below(point.options) }
        for thread in point.threads where !ranked.contains(thread) {
            let undemoted = ranked.count - demotedCount
            ranked.insert(thread, at: random.below(undemoted + 1))
        }
        var chosen = best(point.threads)
        if changePoints.contains(point.orderStep + 1) {
            let thread = point.threads[chosen]
            if let rank = ranked.firstIndex(of: thread) {
                if rank < ranked.count - demotedCount { demotedCount += 1 }
                ranked.remove(at: rank)
                ranked.append(thread)
            }
            chosen = best(point.threads)
        }
        return chosen
    }

    /// The option whose thread ranks highest (the first such option).
    private func best(_ threads: [ScheduleThread]) -> Int {
        var chosen = 0
        var bestRank = Int.max
        for (option, thread) in threads.enumerated() {
            let rank = ranked.firstIndex(of: thread) ?? Int.max
            if rank < bestRank {
                bestRank = rank
                chosen = option
            }
        }
        return chosen
    }
}
