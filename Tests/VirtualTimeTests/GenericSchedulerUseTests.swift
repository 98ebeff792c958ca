import CombineCompat
import RehearsalBase
import Testing
import VirtualTime

/// A minimal debounce and throttle written only against the `Scheduler` protocol, the way operators use it:
/// `now`, `advanced(by:)`, `distance(to:)`, stride arithmetic and `schedule(after:tolerance:options:_:)`.
final class HandWrittenTimingOperators<Context: Scheduler> {
    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    private let emit: (String) -> Void
    private var debounceGeneration = 0
    private var lastThrottled: Context.SchedulerTimeType?

    init(scheduler: Context, interval: Context.SchedulerTimeType.Stride, emit: @escaping (String) -> Void) {
        self.scheduler = scheduler
        self.interval = interval
        self.emit = emit
    }

    /// Emits `value` once no other value has been debounced for `interval`.
    func debounce(_ value: String) {
        debounceGeneration += 1
        let generation = debounceGeneration
        let deadline = scheduler.now.advanced(by: interval)
        scheduler.schedule(after: deadline, tolerance: scheduler.minimumTolerance, options: nil) { [self] in
            if generation == debounceGeneration { emit("debounced \(value)") }
        }
    }

    /// Emits `value` unless a value was emitted less than `interval` ago.
    func throttle(_ value: String) {
        let now = scheduler.now
        if let last = lastThrottled, last.distance(to: now) < interval { return }
        lastThrottled = now
        emit("throttled \(value)")
    }
}

@Suite struct GenericSchedulerUseTests {
    @Test func aDebounceWrittenAgainstTheProtocolFiresAfterTheQuietPeriod() throws {
        // Given a 300ms debounce on the virtual scheduler, and keystrokes at 0, 100, 250 and 700ms
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let operators = HandWrittenTimingOperators(scheduler: timeline.scheduler, interval: .milliseconds(300)) {
            log.add($0)
        }
        let keystrokes: [(ScenarioDuration, String)] = [
            (.zero, "s"), (.milliseconds(100), "sw"), (.milliseconds(250), "swi"), (.milliseconds(700), "swift"),
        ]

        // When the keystrokes arrive and the timeline runs
        for (instant, text) in keystrokes {
            try timeline.advance(to: instant)
            operators.debounce(text)
        }
        try timeline.run()

        // Then only the values followed by 300ms of quiet come out, at the end of the quiet period
        #expect(log.lines == ["0.550s debounced swi", "1.000s debounced swift"])
    }

    @Test func aThrottleWrittenAgainstTheProtocolMeasuresVirtualTime() throws {
        // Given a 1s throttle, and taps at 0, 400ms, 1s, 1.5s and 2.2s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let operators = HandWrittenTimingOperators(scheduler: timeline.scheduler, interval: .seconds(1)) {
            log.add($0)
        }

        // When the taps arrive
        for (index, milliseconds) in [0, 400, 1_000, 1_500, 2_200].enumerated() as EnumeratedSequence<[Int64]> {
            try timeline.advance(to: .milliseconds(milliseconds))
            operators.throttle("tap \(index)")
        }

        // Then taps within a second of the last emitted one are dropped
        #expect(log.lines == ["0.000s throttled tap 0", "1.000s throttled tap 2", "2.200s throttled tap 4"])
    }
}
