import CombineCompat

/// The `combine` suite: the hot paths of ViewModels built on CombineCompat (subjects, sinks, `@Published`).
enum CombineBench {
    static func run() throws {
        passthroughMapFilterSink()
        currentValueTenSubscribers()
        subscribeCancel()
        publishedWrite()
        objectWillChangeRead()
    }

    /// (a) PassthroughSubject → map → filter → sink, ns per event sent (half of the events pass the filter).
    private static func passthroughMapFilterSink() {
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
        report("combine.a.passthrough_map_filter_sink", seconds * 1e9 / Double(events), "ns")
    }

    /// (b) CurrentValueSubject with 10 sink subscribers, ns per send.
    private static func currentValueTenSubscribers() {
        let sends = 100_000
        let subject = CurrentValueSubject<Int, Never>(0)
        var received = 0
        let cancellables = (0..<10).map { _ in subject.sink { _ in received &+= 1 } }
        let seconds = measureSeconds {
            for value in 1...sends { subject.send(value) }
        }
        cancellables.forEach { $0.cancel() }
        precondition(received == 10 * (sends + 1), "combine.b lost events")
        report("combine.b.currentvalue_10_subscribers", seconds * 1e9 / Double(sends), "ns")
    }

    /// (c) subscribe + cancel on a PassthroughSubject, ns per pair.
    private static func subscribeCancel() {
        let pairs = 100_000
        let subject = PassthroughSubject<Int, Never>()
        let seconds = measureSeconds {
            for _ in 0..<pairs {
                let cancellable = subject.sink { _ in }
                cancellable.cancel()
            }
        }
        report("combine.c.subscribe_cancel", seconds * 1e9 / Double(pairs), "ns")
    }

    /// (d) a `@Published` write observed by `objectWillChange` and `$value`, ns per write.
    private static func publishedWrite() {
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
        report("combine.d.published_write", seconds * 1e9 / Double(writes), "ns")
    }

    /// (d) reading `objectWillChange` of an object with several `@Published` properties, ns per read.
    private static func objectWillChangeRead() {
        let reads = 200_000
        let model = BenchModel()
        var identities = 0
        let first = ObjectIdentifier(model.objectWillChange)
        let seconds = measureSeconds {
            for _ in 0..<reads where ObjectIdentifier(model.objectWillChange) == first { identities &+= 1 }
        }
        precondition(identities == reads, "combine.d objectWillChange changed identity")
        report("combine.d.objectwillchange_read", seconds * 1e9 / Double(reads), "ns")
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
