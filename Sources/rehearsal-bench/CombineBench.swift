import CombineCompat

/// The `combine` suite: the hot paths of ViewModels built on CombineCompat (subjects, sinks, `@Published`).
enum CombineBench {
    /// Each row is measured in five rounds on fresh publishers and reports its best round, so that a noisy
    /// neighbour on the machine does not decide the figure.
    static func run() throws {
        let rows: [(name: String, measure: () -> Double)] = [
            ("combine.a.passthrough_map_filter_sink", passthroughMapFilterSink),
            ("combine.b.currentvalue_10_subscribers", currentValueTenSubscribers),
            ("combine.c.subscribe_cancel", subscribeCancel),
            ("combine.d.published_write", publishedWrite),
            ("combine.d.objectwillchange_read", objectWillChangeRead),
        ]
        for row in rows {
            let best = (0..<5).map { _ in row.measure() }.min() ?? .nan
            report(row.name, best, "ns")
        }
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
        let seconds = measureSeconds {
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
        let seconds = measureSeconds {
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
        let seconds = measureSeconds {
            for _ in 0..<pairs {
                let cancellable = subject.sink { _ in }
                cancellable.cancel()
            }
        }
        return seconds * 1e9 / Double(pairs)
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
        let seconds = measureSeconds {
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
        let seconds = measureSeconds {
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
