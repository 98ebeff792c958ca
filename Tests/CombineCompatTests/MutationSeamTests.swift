import CombineCompat
import Foundation
import Testing

/// The operators' mutation seam (``MutationSeam``): each hooked operator method records its call site when a
/// session is installed on the calling thread, changes what the mutation says only under that call's
/// mutant, and does nothing at all without a session or on another thread. The behaviour each mutant has is the
/// documented behaviour of what it stands for (a `removeDuplicates()` made pass-through behaves as no operator; a
/// `switchToLatest()` made to merge behaves as `flatMap`), as the operator tests of this target establish it.
@Suite(.serialized) struct MutationSeamTests {
    final class Box: @unchecked Sendable {
        var values: [Int] = []
    }

    /// Builds with a survey session to find `operator`'s call inside `build`, then builds again under the mutant of
    /// that call with `change`.
    func underMutant<T>(_ operator: MutationOperator, _ change: MutationChange, _ build: () -> T) throws -> T {
        let survey = MutationSession(mutant: nil)
        MutationSeam.install(survey)
        _ = build()
        MutationSeam.remove(survey)
        let point = try #require(survey.reached.first { $0.operator == `operator` })
        let session = MutationSession(mutant: Mutant(point: point, change: change))
        MutationSeam.install(session)
        defer { MutationSeam.remove(session) }
        return build()
    }

    /// `values` as an upstream of no particular type (a sequence's own specialised operators are not hooked).
    static func upstream(_ values: [Int]) -> AnyPublisher<Int, Never> { values.publisher.eraseToAnyPublisher() }

    func values<P: Publisher>(_ publisher: P) -> [P.Output] where P.Failure == Never {
        var received: [P.Output] = []
        _ = publisher.sink { received.append($0) }
        return received
    }

    @Test func aSurveyRecordsEachCallSiteAndChangesNothing() {
        // Given a survey session
        let session = MutationSession(mutant: nil)
        MutationSeam.install(session)
        defer { MutationSeam.remove(session) }
        // When two operators are created on two lines
        let line = #line + 1
        let publisher = Self.upstream([1, 1, 2]).removeDuplicates()
        let filtered = publisher.filter { $0 > 1 }
        // Then both calls are reached, at this file and their lines, and behave as written
        #expect(
            session.reached.map { "\($0.site.file):\($0.site.line) \($0.operator)" } == [
                "CombineCompatTests/MutationSeamTests.swift:\(line) removeDuplicates",
                "CombineCompatTests/MutationSeamTests.swift:\(line + 1) filter",
            ])
        #expect(values(publisher) == [1, 2])
        #expect(values(filtered) == [2])
    }

    @Test func withoutASessionNothingIsReachedOrChanged() {
        #expect(MutationSeam.current == nil)
        #expect(values(Self.upstream([1, 1, 2]).removeDuplicates()) == [1, 2])
    }

    static func deduplicated() -> [Int] {
        var received: [Int] = []
        _ = upstream([1, 1, 2]).removeDuplicates().sink { received.append($0) }
        return received
    }

    @Test func aSessionIsOnlyTheInstallingThreads() throws {
        // Given the mutant of the removeDuplicates call in `deduplicated()`, installed on this thread
        let here = try underMutant(.removeDuplicates, .passThrough) { () -> (here: [Int], elsewhere: [Int]) in
            // When that call runs here, and on another thread meanwhile
            let box = Box()
            let done = DispatchSemaphore(value: 0)
            Thread {
                box.values = Self.deduplicated()
                done.signal()
            }.start()
            done.wait()
            return (Self.deduplicated(), box.values)
        }
        // Then only this thread's operator is mutated
        #expect(here.here == [1, 1, 2])
        #expect(here.elsewhere == [1, 2])
    }

    @Test func removeDuplicatesPassesEverything() throws {
        let publisher = try underMutant(.removeDuplicates, .passThrough) {
            Self.upstream([1, 1, 2, 2]).removeDuplicates()
        }
        #expect(values(publisher) == [1, 1, 2, 2])
        let by = try underMutant(.removeDuplicates, .passThrough) {
            Self.upstream([1, 1]).removeDuplicates { $0 == $1 }
        }
        #expect(values(by) == [1, 1])
    }

    @Test func intervalsBecomeZeroOrDoubled() throws {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let zero = try underMutant(.debounce, .intervalZero) {
            subject.debounce(for: .milliseconds(300), scheduler: scheduler)
        }
        let doubled = try underMutant(.debounce, .intervalDoubled) {
            subject.debounce(for: .milliseconds(300), scheduler: scheduler)
        }
        #expect(zero.dueTime == .zero)
        #expect(doubled.dueTime == .milliseconds(600))
        let throttle = try underMutant(.throttle, .intervalZero) {
            subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
        }
        #expect(throttle.interval == .zero)
        let delay = try underMutant(.delay, .intervalDoubled) { subject.delay(for: .seconds(1), scheduler: scheduler) }
        #expect(delay.interval == .seconds(2))
        let timeout = try underMutant(.timeout, .intervalZero) { subject.timeout(.seconds(5), scheduler: scheduler) }
        #expect(timeout.interval == .zero)
    }

    @Test func debounceMadeZeroDeliversAtOnce() throws {
        // Given a debounce of 300 ms made zero
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let publisher = try underMutant(.debounce, .intervalZero) {
            subject.debounce(for: .milliseconds(300), scheduler: scheduler)
        }
        var received: [Int] = []
        let cancellable = publisher.sink { received.append($0) }
        // When a value is sent and the scheduler runs what is due now
        subject.send(1)
        scheduler.advance(by: .zero)
        // Then it arrives without waiting 300 ms
        #expect(received == [1])
        cancellable.cancel()
    }

    @Test func filteringOperatorsPassOrDropEverything() throws {
        #expect(
            values(try underMutant(.filter, .passThrough) { Self.upstream([1, 2, 3]).filter { $0 == 2 } }) == [1, 2, 3])
        #expect(values(try underMutant(.filter, .dropAll) { Self.upstream([1, 2, 3]).filter { $0 == 2 } }) == [])
        #expect(values(try underMutant(.compactMap, .dropAll) { Self.upstream([1, 2]).compactMap { $0 } }) == [])
        #expect(values(try underMutant(.dropFirst, .passThrough) { Self.upstream([1, 2]).dropFirst() }) == [1, 2])
        #expect(values(try underMutant(.prefix, .passThrough) { Self.upstream([1, 2, 3]).prefix(1) }) == [1, 2, 3])
        #expect(
            values(try underMutant(.firstWhere, .passThrough) { Self.upstream([1, 2, 3]).first { $0 > 1 } }) == [1])
        #expect(values(Self.upstream([1, 2, 3]).first { $0 > 1 }) == [2])
        let retry = try underMutant(.retry, .passThrough) { Fail<Int, URLError>(error: URLError(.badURL)).retry(3) }
        #expect(retry.retries == 0)
    }

    @Test func boolMapsAreNegatedAndOthersAreNoPoint() throws {
        let negated = try underMutant(.mapBool, .negated) { Self.upstream([1, 2]).map { $0 > 1 } }
        #expect(values(negated) == [true, false])
        let session = MutationSession(mutant: nil)
        MutationSeam.install(session)
        _ = Self.upstream([1]).map { $0 + 1 }
        MutationSeam.remove(session)
        #expect(session.reached == [])
    }

    @Test func switchToLatestMergesAndFlatMapKeepsTheLatest() throws {
        // Given an outer subject of inner subjects
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let merged = try underMutant(.switchToLatest, .mergeInner) { outer.switchToLatest() }
        let latest = try underMutant(.flatMap, .latestInner) { outer.flatMap { $0 } }
        var mergedValues: [Int] = []
        var latestValues: [Int] = []
        let cancellables = [merged.sink { mergedValues.append($0) }, latest.sink { latestValues.append($0) }]
        // When the first inner publisher sends after the second arrived
        outer.send(first)
        outer.send(second)
        first.send(1)
        second.send(2)
        // Then the merging switchToLatest delivers the stale value, and the latest-only flatMap does not
        #expect(mergedValues == [1, 2])
        #expect(latestValues == [2])
        cancellables.forEach { $0.cancel() }
    }

    @Test func receiveOnRemovedDeliversWhereUpstreamSends() throws {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let publisher = try underMutant(.receiveOn, .removed) { subject.receive(on: scheduler) }
        var received: [Int] = []
        let cancellable = publisher.sink { received.append($0) }
        subject.send(1)
        // Delivered before the scheduler ran anything
        #expect(received == [1])
        cancellable.cancel()
    }

    @Test func shareRemovedSubscribesUpstreamPerSubscriber() throws {
        // Given a deferred upstream that counts its subscriptions, shared, with the share removed
        let box = Box()
        let shared = try underMutant(.share, .removed) {
            Deferred { () -> Just<Int> in
                box.values.append(1)
                return Just(1)
            }.eraseToAnyPublisher().share()
        }
        // When two subscribers subscribe
        let cancellables = [shared.sink { _ in }, shared.sink { _ in }]
        // Then upstream was subscribed once for each
        #expect(box.values.count == 2)
        cancellables.forEach { $0.cancel() }
    }

    @Test func replaceErrorMadeToFinishSendsNoReplacement() throws {
        let failing = Fail<Int, URLError>(error: URLError(.badURL)).eraseToAnyPublisher()
        let replaced = try underMutant(.replaceError, .finishInstead) { failing.replaceError(with: 0) }
        var finished = false
        var received: [Int] = []
        let cancellable = replaced.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        #expect(received == [])
        #expect(finished)
        cancellable.cancel()
    }
    @Test func firstMadePassThroughPublishesEveryElement() throws {
        // Given `first()` made pass-through (Apple's docs: `first()` publishes "-10" of -10...10 and finishes)
        let first = try underMutant(.first, .passThrough) { Self.upstream([-10, 0, 10]).first() }
        // Then every element comes out, as without the operator, while the operator as written keeps the first
        #expect(values(first) == [-10, 0, 10])
        #expect(values(Self.upstream([-10, 0, 10]).first()) == [-10])
    }

    func events<P: Publisher>(_ publisher: P) -> [String] {
        var events: [String] = []
        let cancellable = publisher.sink(
            receiveCompletion: { completion in
                switch completion {
                case .finished: events.append("finished")
                case .failure(let error): events.append("failure \(error)")
                }
            }, receiveValue: { events.append("\($0)") })
        cancellable.cancel()
        return events
    }

    @Test func catchMadePassThroughSendsTheFailureDownstream() throws {
        // Given a failing upstream caught by a replacement (Apple's docs: `catch { _ in Just(-1) }` prints "-1")
        let failing = Fail<Int, URLError>(error: URLError(.badURL)).eraseToAnyPublisher()
        let asWritten = failing.catch { _ in Just(-1) }
        let toNever = try underMutant(.catch, .passThrough) { failing.catch { _ in Just(-1) } }
        let toError = try underMutant(.catch, .passThrough) {
            failing.catch { _ in Fail<Int, Error>(error: CancellationError()) }
        }
        // Then the mutant never subscribes the replacement: a downstream that can fail gets the upstream's failure,
        // and one that cannot (Never) gets `.finished` in its place
        #expect(events(asWritten) == ["-1", "finished"])
        #expect(events(toNever) == ["finished"])
        #expect(events(toError) == ["failure \(URLError(.badURL))"])
    }

    @Test func combineLatestMadeToZipPairsValuesByIndex() throws {
        // Given `combineLatest` of two subjects made to zip
        let left = PassthroughSubject<Int, Never>()
        let right = PassthroughSubject<String, Never>()
        let zipped = try underMutant(.combineLatest, .zipped) { left.combineLatest(right) }
        let asWritten = left.combineLatest(right)
        var zippedPairs: [String] = []
        var latestPairs: [String] = []
        let cancellables = [
            zipped.sink { zippedPairs.append("\($0.0)\($0.1)") },
            asWritten.sink { latestPairs.append("\($0.0)\($0.1)") },
        ]
        // When the left sends twice before the right sends twice
        left.send(1)
        left.send(2)
        right.send("a")
        right.send("b")
        // Then the mutant pairs the n-th values, the operator as written the latest ones
        #expect(zippedPairs == ["1a", "2b"])
        #expect(latestPairs == ["2a", "2b"])
        cancellables.forEach { $0.cancel() }
        let three = try underMutant(.combineLatest, .zipped) {
            Self.upstream([1, 2]).combineLatest(Self.upstream([3, 4]), Self.upstream([5, 6])) { $0 + $1 + $2 }
        }
        #expect(values(three) == [9, 12])
    }
}
