import CombineCompat
import Foundation
import VirtualTime

/// The `combine` suite: the hot paths of ViewModels built on CombineCompat (subjects, sinks, `@Published`).
enum CombineBench {
    /// Each row is measured in five rounds on fresh publishers and reports its best round. Every row's work runs
    /// synchronously on the calling thread, so each round is timed in that thread's CPU time (see `measureThreadCPUSeconds`):
    /// the whole cost of the work, without the time other processes on a shared machine keep the thread waiting.
    static func run() throws {
        let rows: [(name: String, measure: () -> Double)] = [
            ("combine.a.passthrough_map_filter_sink", passthroughMapFilterSink),
            ("combine.b.currentvalue_10_subscribers", currentValueTenSubscribers),
            ("combine.c.subscribe_cancel", subscribeCancel),
            ("combine.c2.cancel_10000_live_per_sub", { liveSubscriptionsCancelledInOrder(10_000) }),
            ("combine.c2.cancel_100000_live_per_sub", { liveSubscriptionsCancelledInOrder(100_000) }),
            ("combine.d.published_write", publishedWrite),
            ("combine.d.objectwillchange_read", objectWillChangeRead),
            ("combine.e.merge3_per_send", mergeOfThree),
            ("combine.f.combinelatest2_per_send", combineLatestOfTwo),
            ("combine.g.flatmap3_per_send", flatMapOverThree),
            ("combine.h.debounce_virtual_per_event", debounceOnTheVirtualScheduler),
        ]
        func measureRows(naming name: (String) -> String) {
            for row in rows {
                let best = (0..<5).map { _ in row.measure() }.min() ?? .nan
                report(name(row.name), best, "ns")
            }
        }
        measureRows { $0 }
        // The rows above run in a process with one thread, as a side-by-side benchmark of two Combine builds does.
        // Once a process has a second thread (an app, a scenario's worker), glibc's mutexes take their atomic path,
        // which costs up to as much again: the same rows with one more thread, parked, that does nothing.
        let parked = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            started.signal()
            parked.wait()
        }
        thread.start()
        started.wait()
        defer { parked.signal() }
        measureRows { $0.replacingOccurrences(of: "combine.", with: "combine.multithreaded.") }
    }

    /// (a) PassthroughSubject → map → filter → sink, ns per event sent (half of the events pass the filter).
    private static func passthroughMapFilterSink() -> Double {
        let events = 1_000_000
        let subject = PassthroughSubject<Int, Never>()
        var total = 0
        let cancellable =
            subject
            .map { $0 &* 2 }
            .filter { $0 % 4 == 0 }
            .sink { total &+= $0 }
        let seconds = measureThreadCPUSeconds {
            for value in 0..<events { subject.send(value) }
        }
        cancellable.cancel()
        // Even values pass: 2 * (0 + 2 + 4 + … + 999_998).
        precondition(total == 2 * (events / 2) * (events - 2) / 2, "combine.a lost or duplicated events")
        return seconds * 1e9 / Double(events)
    }

    /// (b) CurrentValueSubject with 10 sink subscribers, ns per send.
    private static func currentValueTenSubscribers() -> Double {
        let sends = 100_000
        let subject = CurrentValueSubject<Int, Never>(0)
        var received = 0
        let cancellables = (0..<10).map { _ in subject.sink { _ in received &+= 1 } }
        let seconds = measureThreadCPUSeconds {
            for value in 1...sends { subject.send(value) }
        }
        cancellables.forEach { $0.cancel() }
        precondition(received == 10 * (sends + 1), "combine.b lost events")
        return seconds * 1e9 / Double(sends)
    }

    /// (c) subscribe + cancel on a PassthroughSubject, ns per pair.
    private static func subscribeCancel() -> Double {
        let pairs = 100_000
        let subject = PassthroughSubject<Int, Never>()
        let seconds = measureThreadCPUSeconds {
            for _ in 0..<pairs {
                let cancellable = subject.sink { _ in }
                cancellable.cancel()
            }
        }
        return seconds * 1e9 / Double(pairs)
    }

    /// (c2) `count` sinks attached to one subject, then cancelled in the order they subscribed, ns per subscription
    /// (attach and cancel): flat as `count` grows, since cancelling does not search the subscriber list.
    private static func liveSubscriptionsCancelledInOrder(_ count: Int) -> Double {
        let subject = PassthroughSubject<Int, Never>()
        var received = 0
        var cancellables: [AnyCancellable] = []
        cancellables.reserveCapacity(count)
        let seconds = measureThreadCPUSeconds {
            for _ in 0..<count { cancellables.append(subject.sink { _ in received &+= 1 }) }
            for cancellable in cancellables { cancellable.cancel() }
        }
        subject.send(1)
        precondition(received == 0, "combine.c2 delivered to a cancelled subscriber")
        return seconds * 1e9 / Double(count)
    }

    /// (e) `merge(with:_:)` of three subjects into one sink, ns per send (the sends go round the three).
    private static func mergeOfThree() -> Double {
        let sends = 300_000
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        var total = 0
        let cancellable = subjects[0].merge(with: subjects[1], subjects[2]).sink { total &+= $0 }
        let seconds = measureThreadCPUSeconds {
            for value in 0..<sends { subjects[value % 3].send(value) }
        }
        cancellable.cancel()
        precondition(total == sends * (sends - 1) / 2, "combine.e lost events")
        return seconds * 1e9 / Double(sends)
    }

    /// (f) `combineLatest` of two subjects into one sink, ns per send (the sends alternate).
    private static func combineLatestOfTwo() -> Double {
        let sends = 300_000
        let left = PassthroughSubject<Int, Never>()
        let right = PassthroughSubject<Int, Never>()
        var combinations = 0
        let cancellable = left.combineLatest(right).sink { _ in combinations &+= 1 }
        let seconds = measureThreadCPUSeconds {
            for value in 0..<sends { (value.isMultiple(of: 2) ? left : right).send(value) }
        }
        cancellable.cancel()
        precondition(combinations == sends - 1, "combine.f lost combinations")
        return seconds * 1e9 / Double(sends)
    }

    /// (g) `flatMap` over three subjects (the publishers of a sequence), ns per send on those subjects.
    private static func flatMapOverThree() -> Double {
        let sends = 300_000
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        var total = 0
        let cancellable = subjects.publisher.flatMap { $0 }.sink { total &+= $0 }
        let seconds = measureThreadCPUSeconds {
            for value in 0..<sends { subjects[value % 3].send(value) }
        }
        cancellable.cancel()
        precondition(total == sends * (sends - 1) / 2, "combine.g lost events")
        return seconds * 1e9 / Double(sends)
    }

    /// (h) `debounce` on the virtual scheduler, ns per upstream event: bursts of 10 events 1ms apart, 20ms
    /// between bursts, debounced by 5ms, so each burst publishes its last event; sends and timers run on the
    /// virtual timeline, in virtual time, without waiting.
    private static func debounceOnTheVirtualScheduler() -> Double {
        let events = 100_000
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: 4 * events))
        let scheduler = timeline.scheduler
        let subject = PassthroughSubject<Int, Never>()
        var published: [Int] = []
        published.reserveCapacity(events / 10)
        let cancellable = subject.debounce(for: .milliseconds(5), scheduler: scheduler).sink { published.append($0) }
        var sent = 0
        func sendNext() {
            subject.send(sent)
            sent += 1
            guard sent < events else { return }
            let gap = sent.isMultiple(of: 10) ? 20 : 1
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(gap))) { sendNext() }
        }
        let seconds = measureThreadCPUSeconds {
            scheduler.schedule { sendNext() }
            do { try timeline.run() } catch { preconditionFailure("combine.h: the virtual timeline failed: \(error)") }
        }
        cancellable.cancel()
        precondition(published == Array(stride(from: 9, to: events, by: 10)), "combine.h published the wrong events")
        return seconds * 1e9 / Double(events)
    }

    /// (d) a `@Published` write observed by `objectWillChange` and `$value`, ns per write.
    private static func publishedWrite() -> Double {
        let writes = 200_000
        let model = BenchModel()
        var changes = 0
        let observers = [
            model.objectWillChange.sink { changes &+= 1 },
            model.$count.sink { _ in changes &+= 1 },
        ]
        let seconds = measureThreadCPUSeconds {
            for value in 1...writes { model.count = value }
        }
        observers.forEach { $0.cancel() }
        precondition(changes == 2 * writes + 1, "combine.d lost changes")
        return seconds * 1e9 / Double(writes)
    }

    /// (d) reading `objectWillChange` of an object with several `@Published` properties, ns per read.
    private static func objectWillChangeRead() -> Double {
        let reads = 200_000
        let model = BenchModel()
        var identities = 0
        let first = ObjectIdentifier(model.objectWillChange)
        let seconds = measureThreadCPUSeconds {
            for _ in 0..<reads where ObjectIdentifier(model.objectWillChange) == first { identities &+= 1 }
        }
        precondition(identities == reads, "combine.d objectWillChange changed identity")
        return seconds * 1e9 / Double(reads)
    }
}

/// A ViewModel-shaped object with several `@Published` properties.
private final class BenchModel: ObservableObject {
    @Published var count = 0
    @Published var title = ""
    @Published var isLoading = false
    @Published var items: [String] = []
    @Published var error: String?
}
