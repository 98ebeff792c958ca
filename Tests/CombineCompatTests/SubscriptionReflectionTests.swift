import CombineCompat
import Foundation
import Testing

// How subscriptions and subscribers describe themselves: `description`, the labels of `customMirror`, and
// `playgroundDescription`. `print()` writes these ("receive subscription: (Map)"), and so do debuggers and dumps.
//
// Evidence: the OpenCombine test suite, whose compatibility mode runs the same tests against Apple's Combine,
// checks each one in its `testReflection` / `testSubscriptionReflection` tests and in its recorded histories
// (`.subscription("CompactMap")`). Where that suite does not reflect an object, the comment on its row says so
// and names the analogy followed.

/// Keeps the subscription an operator hands its subscriber.
private final class SubscriptionCapture<Input, Failure: Error>: Subscriber {
    var subscription: Subscription?
    func receive(subscription: Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// An upstream that keeps every subscriber it is given, to read how the operator's subscriber describes itself.
private final class KeepingPublisher<Output, Failure: Error>: Publisher {
    var subscribers: [Any] = []
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribers.append(subscriber)
    }
}

/// "description [mirror labels] playgroundDescription", "-" where a part is missing.
private func reflection(_ object: Any) -> String {
    let description = (object as? CustomStringConvertible)?.description ?? "-"
    let labels = (object as? CustomReflectable).map { "\($0.customMirror.children.map { $0.label ?? "_" })" } ?? "-"
    let playground = (object as? CustomPlaygroundDisplayConvertible).map { "\($0.playgroundDescription)" } ?? "-"
    return "\(description) \(labels) \(playground)"
}

/// How the subscription `publisher` hands its subscriber describes itself.
private func subscriptionReflection<P: Publisher>(_ publisher: P) -> String {
    let capture = SubscriptionCapture<P.Output, P.Failure>()
    publisher.subscribe(capture)
    return capture.subscription.map(reflection) ?? "no subscription"
}

/// A class with one @Published property.
private final class PublishedHolder {
    @Published var value = 0
}

@Suite struct SubscriptionReflectionTests {
    private let subject = PassthroughSubject<Int, TestError>()
    private let never = PassthroughSubject<Int, Never>()
    private let scheduler = ImmediateScheduler.shared

    /// What each publisher's subscriber receives as its subscription.
    private var subscriptions: [String: String] {
        let s = subject
        var rows: [String: String] = [:]
        func row<P: Publisher>(_ name: String, _ publisher: P) { rows[name] = subscriptionReflection(publisher) }
        // Subjects: their conduit, with parent, downstream, demand and subject (SubjectTests.testReflection).
        row("PassthroughSubject", s)
        row("CurrentValueSubject", CurrentValueSubject<Int, Never>(0))
        // `$property` of a @Published property: Combine's subject there is a class of its own, PublishedSubject (the
        // name a leak checker of SwiftUI apps lists among Combine's objects, and OpenCombine's reimplementation
        // gives its conduit); the record shows no test of its description, which follows OpenCombine's.
        row("Published", PublishedHolder().$value)
        // Just, Optional, Result: named, one unlabeled child, the value (JustTests, OptionalPublisherTests,
        // ResultPublisherTests: "Once"); a sequence and a record: their elements (SequenceTests, RecordTests).
        row("Just", Just(1))
        row("Optional", Optional(1).publisher)
        row("Result", Result<Int, TestError>.success(1).publisher)
        row("Sequence", [1, 2].publisher)
        row("Record", Record<Int, TestError>(output: [1], completion: .finished))
        // Future's conduit (FutureTests.testConduitReflection); Empty's and Fail's (EmptyTests).
        row("Future", Future<Int, Never> { _ in })
        row("Empty", Empty<Int, Never>())
        row("Fail", Fail<Int, TestError>(error: TestError("x")))
        // Operators that keep no state hand on the upstream's subscription (MapTests, FilterTests, ScanTests,
        // MapErrorTests, SetFailureTypeTests, MapKeyPathTests, BreakpointTests, AssertNoFailureTests, IgnoreOutputTests, the later
        // CompactMapTests: `subscriberIsAlsoSubscription: false`).
        row("map", s.map { $0 })
        row("filter", s.filter { _ in true })
        row("scan", s.scan(0, +))
        row("mapError", s.mapError { $0 })
        row("setFailureType", never.setFailureType(to: TestError.self))
        row("map(keyPath)", s.map(\.self))
        row("compactMap", s.compactMap { $0 })
        row("ignoreOutput", s.ignoreOutput())
        row("replaceNil", s.map { Optional($0) }.replaceNil(with: 1))
        row("breakpoint", s.breakpoint())
        row("assertNoFailure", s.assertNoFailure())
        // The value-by-value operators with state of their own (MapTests, FilterTests, CompactMapTests (try),
        // RemoveDuplicatesTests, ScanTests, CollectByCountTests, OutputTests, DropWhileTests, PrefixWhileTests,
        // EncodeTests, DecodeTests, PrintTests, HandleEventsTests).
        row("tryMap", s.tryMap { $0 })
        row("tryFilter", s.tryFilter { _ in true })
        row("tryCompactMap", s.tryCompactMap { $0 })
        row("removeDuplicates", s.removeDuplicates())
        row("tryRemoveDuplicates", s.tryRemoveDuplicates { $0 == $1 })
        row("tryScan", s.tryScan(0, +))
        row("collect(2)", s.collect(2))
        row("output(at:)", s.output(at: 1))
        row("prefix(2)", s.prefix(2))
        row("drop(while:)", s.drop { _ in true })
        row("tryDrop(while:)", s.tryDrop { _ in true })
        row("prefix(while:)", s.prefix { _ in true })
        row("tryPrefix(while:)", s.tryPrefix { _ in true })
        row("encode", never.map { [$0] }.encode(encoder: JSONEncoder()))
        row("decode", never.map { _ in Data() }.decode(type: Int.self, decoder: JSONDecoder()))
        row("print", s.print())
        row("handleEvents", s.handleEvents())
        row("dropFirst", s.dropFirst())
        // The reducing operators: downstream, result, initial, status (ReduceTests, FirstTests, LastTests,
        // CountTests, CollectTests, ComparisonTests, ContainsTests, AllSatisfyTests).
        // `first(where:)` is "TryFirst" in Combine although its predicate cannot throw (FirstTests).
        row("first", s.first())
        row("first(where:)", s.first { _ in true })
        row("tryFirst(where:)", s.tryFirst { _ in true })
        row("last", s.last())
        row("last(where:)", s.last { _ in true })
        row("tryLast(where:)", s.tryLast { _ in true })
        row("reduce", s.reduce(0, +))
        row("tryReduce", s.tryReduce(0, +))
        row("count", s.count())
        row("collect", s.collect())
        row("min", s.min())
        row("tryMin", s.tryMin { $0 < $1 })
        row("contains", s.contains(1))
        row("contains(where:)", s.contains { _ in true })
        row("tryContains(where:)", s.tryContains { _ in true })
        row("allSatisfy", s.allSatisfy { _ in true })
        row("tryAllSatisfy", s.tryAllSatisfy { _ in true })
        // Recovery (ReplaceEmptyTests, ReplaceErrorTests, CatchTests, RetryTests).
        row("replaceEmpty", s.replaceEmpty(with: 1))
        row("replaceError", s.replaceError(with: 1))
        row("catch", s.catch { _ in Just(1) })
        row("tryCatch", s.tryCatch { _ in Just(1) })
        row("retry", s.retry(1))
        // Time (BufferTests, DebounceTests, ThrottleTests, ReceiveOnTests, SubscribeOnTests, TimeoutTests,
        // MeasureIntervalTests). The suite reflects neither `delay` nor `collect(.byTime)`: they follow
        // `receive(on:)` and `measureInterval`, named and without children.
        row("buffer", s.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest))
        row("debounce", s.debounce(for: .seconds(1), scheduler: scheduler))
        row("throttle", s.throttle(for: .seconds(1), scheduler: scheduler, latest: true))
        row("delay", s.delay(for: .seconds(1), scheduler: scheduler))
        row("receive(on:)", s.receive(on: scheduler))
        row("subscribe(on:)", s.subscribe(on: scheduler))
        row("timeout", s.timeout(.seconds(1), scheduler: scheduler))
        row("measureInterval", s.measureInterval(using: scheduler))
        row("collect(byTime)", s.collect(.byTime(scheduler, .seconds(1))))
        // Combining (MergeTests, FlatMapTests, ConcatenateTests, DropUntilOutputTests; the suite reflects neither
        // combineLatest, zip, switchToLatest nor prefix(untilOutputFrom:): named, without children, as merge).
        row("merge", s.merge(with: s))
        row("MergeMany", Publishers.MergeMany([s, s, s]))
        row("combineLatest", s.combineLatest(s))
        row("zip", s.zip(s))
        row("flatMap", s.flatMap { Just($0).setFailureType(to: TestError.self) })
        row("switchToLatest", s.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest())
        row("append", s.append(1))
        row("drop(untilOutputFrom:)", s.drop(untilOutputFrom: s))
        row("prefix(untilOutputFrom:)", s.prefix(untilOutputFrom: s))
        // Sharing: a "Multicast" subscription without children, also through autoconnect and share
        // (MulticastTests, MakeConnectableTests, ShareTests).
        row("multicast", s.multicast(subject: PassthroughSubject()))
        row("makeConnectable", never.makeConnectable())
        row("autoconnect", never.makeConnectable().autoconnect())
        row("share", s.share())
        return rows
    }

    @Test func subscriptionsDescribeThemselvesAsCombinesDo() {
        let conduit = #"["parent", "downstream", "demand", "subject"]"#
        let upstream = "PassthroughSubject \(conduit) PassthroughSubject"
        let reducing = #"["downstream", "result", "initial", "status"]"#
        func named(_ name: String, _ labels: String = "[]") -> String { "\(name) \(labels) \(name)" }
        let expected: [String: String] = [
            "PassthroughSubject": upstream,
            "CurrentValueSubject": "CurrentValueSubject \(conduit) CurrentValueSubject",
            "Published": "PublishedSubject \(conduit) PublishedSubject",
            "Just": named("Just", #"["_"]"#),
            "Optional": named("Optional", #"["_"]"#),
            "Result": named("Once", #"["_"]"#),
            "Sequence": named("[1, 2]", #"["sequence"]"#),
            "Record": named("[1]", #"["sequence", "completion"]"#),
            "Future": named("Future", #"["parent", "downstream", "hasAnyDemand", "subject"]"#),
            "Empty": named("Empty"),
            "Fail": named("Empty"),
            "map": upstream, "filter": upstream, "scan": upstream, "mapError": upstream, "setFailureType": upstream,
            "map(keyPath)": upstream, "replaceNil": upstream, "breakpoint": upstream, "assertNoFailure": upstream,
            "tryMap": named("TryMap"),
            "tryFilter": named("TryFilter", #"["downstream"]"#),
            "compactMap": upstream,
            "tryCompactMap": named("TryCompactMap", #"["downstream"]"#),
            "removeDuplicates": named("RemoveDuplicates", #"["downstream", "last"]"#),
            "tryRemoveDuplicates": named("TryRemoveDuplicates", #"["downstream", "last"]"#),
            "tryScan": named("TryScan", #"["downstream", "status", "result"]"#),
            "collect(2)": named("CollectByCount", #"["downstream", "upstreamSubscription", "buffer", "count"]"#),
            "output(at:)": named("Output"),
            "prefix(2)": named("Output"),
            "drop(while:)": named("DropWhile"),
            "tryDrop(while:)": named("TryDropWhile"),
            "prefix(while:)": named("PrefixWhile", #"["downstream"]"#),
            "tryPrefix(while:)": named("TryPrefixWhile", #"["downstream"]"#),
            "encode": named("Encode", #"["downstream", "finished", "upstreamSubscription"]"#),
            "decode": named("Decode", #"["downstream", "finished", "upstreamSubscription"]"#),
            "print": named("Print"),
            "handleEvents": named("HandleEvents"),
            "dropFirst": named("Drop"),
            "first": named("First", reducing),
            "first(where:)": named("TryFirst", reducing),
            "tryFirst(where:)": named("TryFirstWhere", reducing),
            "last": named("Last", reducing),
            "last(where:)": named("LastWhere", reducing),
            "tryLast(where:)": named("TryLastWhere", reducing),
            "reduce": named("Reduce", reducing),
            "tryReduce": named("TryReduce", reducing),
            "count": named("Count", reducing),
            "collect": named("Collect", reducing),
            "min": named("Comparison", reducing),
            "tryMin": named("TryComparison", reducing),
            "contains": named("Contains", reducing),
            "contains(where:)": named("ContainsWhere", reducing),
            "tryContains(where:)": named("TryContainsWhere", reducing),
            "allSatisfy": named("AllSatisfy", reducing),
            "tryAllSatisfy": named("TryAllSatisfy", reducing),
            "ignoreOutput": upstream,
            "replaceEmpty": named("ReplaceEmpty"),
            "replaceError": named("ReplaceError"),
            "catch": named("Catch", #"["downstream", "demand"]"#),
            "tryCatch": named("TryCatch", #"["downstream", "demand"]"#),
            "retry": named("Retry"),
            "buffer": named("Buffer", #"["values", "state", "downstreamDemand", "terminal"]"#),
            "debounce": named("Debounce", #"["downstream", "downstreamDemand", "currentValue"]"#),
            "throttle": named("Throttle"),
            "delay": named("Delay"),
            "receive(on:)": named("ReceiveOn"),
            "subscribe(on:)": named("SubscribeOn"),
            "timeout": named("Timeout"),
            "measureInterval": named("MeasureInterval"),
            "collect(byTime)": named("CollectByTime"),
            "merge": named("Merge"),
            "MergeMany": named("Merge"),
            "combineLatest": named("CombineLatest"),
            "zip": named("Zip"),
            "flatMap": named("FlatMap"),
            "switchToLatest": named("SwitchToLatest"),
            "append": named("Concatenate"),
            "drop(untilOutputFrom:)": named("DropUntilOutput"),
            "prefix(untilOutputFrom:)": named("PrefixUntilOutput"),
            "multicast": named("Multicast"),
            "makeConnectable": named("Multicast"),
            "autoconnect": named("Multicast"),
            "share": named("Multicast"),
        ]
        #expect(subscriptions == expected)
    }

    @Test func noDescriptionNamesAnImplementationType() {
        // Internal type names (`_ScheduledForwarder<…>`, `Inner<…>`, `FanIn`) must not leak into `print()` output.
        let leaking = subscriptions.values.map { $0.split(separator: " ")[0] }.filter { name in
            ["_", "<", "Inner", "FanIn", "Forwarder"].contains { name.contains($0) }
        }
        #expect(leaking.isEmpty)
    }

    /// What each operator's subscriber, the object its upstream sees, shows of itself.
    @Test func subscribersDescribeThemselvesAsCombinesDo() {
        let upstream = KeepingPublisher<Int, TestError>()
        var rows: [String: [String]] = [:]
        func row<P: Publisher>(_ name: String, _ publisher: P) {
            let before = upstream.subscribers.count
            publisher.subscribe(SubscriptionCapture<P.Output, P.Failure>())
            rows[name] = upstream.subscribers[before...].map(reflection)
        }
        // The stateless operators' subscribers carry the operator's name (MapTests, FilterTests, ScanTests,
        // CompactMapTests, MapErrorTests, MapKeyPathTests, BreakpointTests, AssertNoFailureTests).
        row("map", upstream.map { $0 })
        row("filter", upstream.filter { _ in true })
        row("compactMap", upstream.compactMap { $0 })
        row("ignoreOutput", upstream.ignoreOutput())
        row("scan", upstream.scan(0, +))
        row("mapError", upstream.mapError { $0 })
        row("map(keyPath)", upstream.map(\.self))
        row("breakpoint", upstream.breakpoint())
        row("assertNoFailure", upstream.assertNoFailure())
        // A merge's sides point at the merge's subscription (MergeTests); combineLatest and zip, which the suite
        // does not reflect, follow merge.
        row("merge", upstream.merge(with: upstream))
        row("combineLatest", upstream.combineLatest(upstream))
        row("zip", upstream.zip(upstream))
        row("flatMap", upstream.flatMap { _ in upstream })
        row("catch", upstream.catch { _ in upstream })
        row("retry", upstream.retry(1))
        // Autoconnect shows its parent and downstream (AutoconnectTests); the subscriber that feeds a subject is
        // "Subject", as in OpenCombine's implementation (its suite does not reflect it).
        row("autoconnect", upstream.multicast(subject: PassthroughSubject()).autoconnect())

        let expected: [String: [String]] = [
            "map": ["Map [] Map"],
            "filter": ["Filter [] Filter"],
            "compactMap": ["CompactMap [] CompactMap"],
            "ignoreOutput": ["IgnoreOutput [] IgnoreOutput"],
            "scan": [#"Scan ["downstream", "result"] Scan"#],
            "mapError": ["MapError [] MapError"],
            "map(keyPath)": [#"ValueForKey ["keyPath"] ValueForKey"#],
            "breakpoint": ["Breakpoint [] Breakpoint"],
            "assertNoFailure": [#"AssertNoFailure ["file", "line", "prefix"] AssertNoFailure"#],
            "merge": Array(repeating: #"Merge ["parentSubscription"] Merge"#, count: 2),
            "combineLatest": Array(repeating: #"CombineLatest ["parentSubscription"] CombineLatest"#, count: 2),
            "zip": Array(repeating: #"Zip ["parentSubscription"] Zip"#, count: 2),
            "flatMap": ["FlatMap [] FlatMap"],
            "catch": [#"Catch ["downstream", "demand"] Catch"#],
            "retry": ["Retry [] Retry"],
            "autoconnect": [#"Subject ["downstreamSubject", "upstreamSubscription"] Subject"#],
        ]
        #expect(rows == expected)
    }

    @Test func flatMapChildrenPointAtTheirParent() {
        // FlatMapTests.testFlatMapReflection: a child's subscriber is "FlatMap", its one child the identifier of
        // the outer subscription.
        let outer = PassthroughSubject<Int, Never>()
        let child = KeepingPublisher<Int, Never>()
        let capture = SubscriptionCapture<Int, Never>()
        outer.flatMap { _ in child }.subscribe(capture)
        capture.subscription?.request(.unlimited)
        outer.send(1)
        let childSubscriber = child.subscribers.first
        let parent = Mirror(reflecting: childSubscriber as Any).descendant(0, "parentSubscription")
        #expect(childSubscriber.map(reflection) == #"FlatMap ["parentSubscription"] FlatMap"#)
        #expect((parent as? CombineIdentifier) != nil)
    }

    @Test func aSequenceIsNamedOnceItEnds() {
        // SequenceTests / RecordTests: a live subscription describes its elements; once done, "Sequence" and
        // "Cancelled Events".
        let sequence = SubscriptionCapture<Int, Never>()
        [1, 2].publisher.subscribe(sequence)
        let record = SubscriptionCapture<Int, TestError>()
        Record<Int, TestError>(output: [1], completion: .finished).subscribe(record)
        sequence.subscription?.cancel()
        record.subscription?.request(.unlimited)
        #expect(sequence.subscription.map(reflection) == #"Sequence ["sequence"] Sequence"#)
        #expect(record.subscription.map(reflection) == #"Cancelled Events ["sequence", "completion"] Cancelled Events"#)
    }

    @Test func sinkAndAssignDescribeThemselves() {
        final class Box { var value = 0 }
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let assign = Subscribers.Assign(object: Box(), keyPath: \Box.value)
        #expect(reflection(sink) == "Sink [] Sink")
        #expect(reflection(assign) == #"Assign Box. ["object", "keyPath", "status"] Assign Box."#)
    }
}
