import CVirtualTime

/// One piece of work on the timeline, in a lane or behind a timer.
enum Work {
    /// A closure: a Combine scheduler action, a redirected real-time scheduler's action, a `VirtualClock` wake-up.
    case action(() -> Void)
    /// A Swift concurrency job for the default executor (`main` false) or the MainActor (`main` true).
    case job(UnownedJob, main: Bool)
    /// The job `Task.sleep` handed over for its deadline; `task` is the sleeping task's address (0 if unknown).
    case sleepWake(UnownedJob, task: UInt)
    /// A dispatch block (a copy the timeline owns) for the main queue or another queue; a `DispatchGroup.async`
    /// block carries its (entered, retained) group.
    case block(UnsafeMutableRawPointer, main: Bool, group: UnsafeMutableRawPointer?)
    /// One batch of the real main dispatch queue (only when system time is real and the timeline drives the
    /// process's main thread).
    case mainQueueBatch

    /// What it is, for policies and the step-limit report.
    func describe(_ kind: TimerKind?, interval: Int64) -> String {
        if let kind { return kind.describe(interval: interval) }
        switch self {
        case .action: return "scheduled action"
        case .job(_, let main): return main ? "MainActor job" : "task job"
        case .sleepWake: return "Task.sleep wake-up"
        case .block(_, let main, _): return main ? "DispatchQueue.main block" : "DispatchQueue block"
        case .mainQueueBatch: return "main-queue batch"
        }
    }

    /// Whether the work runs isolated to the main queue (the MainActor): everything except default-executor jobs
    /// and the blocks of other queues. Scheduler actions run where the harness runs, which plays the main thread.
    var isMainIsolated: Bool {
        switch self {
        case .job(_, let main), .block(_, let main, _): return main
        case .sleepWake: return false
        case .action, .mainQueueBatch: return true
        }
    }

    /// Whether this is the block of a `DispatchWorkItem` cancelled before it ran: it is still invoked at its
    /// instant (and does nothing), but nobody waits for it, so it is neither pending work nor a runaway.
    var isCancelledWorkItem: Bool {
        guard case .block(let block, _, _) = self else { return false }
        return vt_block_is_cancelled(block) != 0
    }

    /// Releases what the work owns without running it (a scenario that stopped early abandons its work). Jobs are
    /// dropped: their tasks stay suspended rather than run outside the timeline.
    func abandon() {
        guard case .block(let block, _, let group) = self else { return }
        vt_block_release(block)
        if let group {
            vt_group_leave(group)
            vt_group_release(group)
        }
    }
}

/// A piece of runnable work in a lane.
struct ReadyItem {
    let work: Work
    let cause: Cause
    /// The instant it became runnable.
    let due: Int64
    let sequence: UInt64
    /// For a dispatch block, the queue it was submitted to (an identity only, not retained).
    var queue: UnsafeMutableRawPointer? = nil
}

/// A first-in-first-out lane of runnable work.
struct ReadyLane {
    private var items: [ReadyItem] = []
    private var head = 0

    var count: Int { items.count - head }

    var isEmpty: Bool { head == items.count }

    mutating func append(_ item: ReadyItem) { items.append(item) }

    /// The item at `offset` from the head.
    subscript(offset: Int) -> ReadyItem { items[head + offset] }

    /// Removes the item at `offset` from the head (O(1) at the head, O(n) elsewhere).
    mutating func remove(at offset: Int) -> ReadyItem {
        let item: ReadyItem
        if offset == 0 {
            item = items[head]
            head += 1
        } else {
            item = items.remove(at: head + offset)
        }
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Removes the items for which `shouldRemove` is true and returns them, in lane order. O(n).
    mutating func removeAll(where shouldRemove: (ReadyItem) -> Bool) -> [ReadyItem] {
        var removed: [ReadyItem] = []
        var kept: [ReadyItem] = []
        for index in head..<items.count {
            if shouldRemove(items[index]) { removed.append(items[index]) } else { kept.append(items[index]) }
        }
        guard !removed.isEmpty else { return [] }
        items = kept
        head = 0
        return removed
    }

    /// Removes and returns everything.
    mutating func removeAll() -> [ReadyItem] {
        defer {
            items.removeAll()
            head = 0
        }
        return Array(items[head...])
    }
}
