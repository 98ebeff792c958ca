import CombineCompat
import VirtualTime
import XCTest

@testable import ExampleApp

/// A search repository that answers every query with canned results after its latency on the virtual clock, and
/// logs when the calling task is cancelled while it waits.
private final class FakeSearchRepository: SearchRepository, @unchecked Sendable {
    private let clock: VirtualClock
    private let log: EventLog
    private let latencies: [String: Duration]

    init(clock: VirtualClock, log: EventLog, latencies: [String: Duration]) {
        self.clock = clock
        self.log = log
        self.latencies = latencies
    }

    func search(query: String) async -> Result<[SearchResult], RepositoryError> {
        log.add("search \"\(query)\"")
        do {
            try await clock.sleep(for: latencies[query] ?? .milliseconds(200))
        } catch {
            log.add("search \"\(query)\" saw \(type(of: error))")
            return .failure(RepositoryError(code: "cancelled", message: query))
        }
        if query == "fail" { return .failure(RepositoryError(code: "server", message: "503")) }
        return .success([SearchResult(id: 1, title: "\(query) 1"), SearchResult(id: 2, title: "\(query) 2")])
    }
}

/// The Search ViewModel (debounce on `DispatchQueue.main` + `switchToLatest`) driven directly on a virtual
/// timeline. XCTest: `DispatchQueue.main` is redirected onto the timeline only inside `runScenario`.
final class SearchViewModelTests: XCTestCase {
    private func makeViewModel(
        _ timeline: VirtualEventLoop, _ log: EventLog, latencies: [String: Duration] = [:]
    ) -> (SearchViewModel, Set<AnyCancellable>) {
        let repository = FakeSearchRepository(clock: timeline.clock, log: log, latencies: latencies)
        let viewModel = SearchViewModel(repository: repository, logManager: RecordingLogManager(log))
        viewModel.bind()
        var subscriptions = Set<AnyCancellable>()
        viewModel.output.results
            .sink { log.add("results \($0.map(\.title))") }
            .store(in: &subscriptions)
        viewModel.output.isLoading
            .sink { log.add("isLoading \($0)") }
            .store(in: &subscriptions)
        viewModel.output.error
            .sink { log.add("error \($0)") }
            .store(in: &subscriptions)
        viewModel.output.route
            .sink { route in
                switch route {
                case .pushDetail(let result): log.add("route pushDetail \(result.id) \(result.title)")
                }
            }
            .store(in: &subscriptions)
        return (viewModel, subscriptions)
    }

    func testTypingIsDebouncedAndDuplicatesAfterTrimmingAreDropped() throws {
        // Given the search screen
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let (viewModel, subscriptions) = makeViewModel(timeline, log)

        // When "s", "sw", "swift" are typed 100ms apart, then " swift " (the same query once trimmed) later
        try timeline.runScenario {
            try timeline.step(at: .zero, "s") { viewModel.input.query.send("s") }
            try timeline.step(at: .milliseconds(100), "sw") { viewModel.input.query.send("sw") }
            try timeline.step(at: .milliseconds(200), "swift") { viewModel.input.query.send("swift") }
            try timeline.step(at: .seconds(1), "swift padded") { viewModel.input.query.send(" swift ") }
            try timeline.run()
        }

        // Then one request starts 300ms after the last keystroke, and the padded duplicate starts none
        XCTAssertEqual(
            log.lines,
            [
                "0.000s results []",
                "0.000s isLoading false",
                "0.500s isLoading true",
                "0.500s log search query=swift",
                "0.500s search \"swift\"",
                "0.700s isLoading false",
                "0.700s results [\"swift 1\", \"swift 2\"]",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testANewerQueryCancelsTheStaleRequest() throws {
        // Given "slow" answering after 1s and "fast" after 100ms
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let (viewModel, subscriptions) = makeViewModel(
            timeline, log, latencies: ["slow": .seconds(1), "fast": .milliseconds(100)])

        // When "slow" is searched, and "fast" is typed while it is in flight
        try timeline.runScenario {
            try timeline.step(at: .zero, "slow") { viewModel.input.query.send("slow") }
            try timeline.step(at: .milliseconds(500), "fast") { viewModel.input.query.send("fast") }
            try timeline.run()
        }

        // Then the stale request's sleep throws CancellationError when "fast" starts, and only "fast" is shown
        XCTAssertEqual(
            log.lines,
            [
                "0.000s results []",
                "0.000s isLoading false",
                "0.300s isLoading true",
                "0.300s log search query=slow",
                "0.300s search \"slow\"",
                "0.800s isLoading true",
                "0.800s log search query=fast",
                "0.800s search \"slow\" saw CancellationError",
                "0.800s search \"fast\"",
                "0.900s isLoading false",
                "0.900s results [\"fast 1\", \"fast 2\"]",
            ])
        XCTAssertEqual(timeline.now, .milliseconds(900))
        withExtendedLifetime(subscriptions) {}
    }

    func testAnEmptyQueryClearsTheResultsWithoutARequestAndFailuresReachError() throws {
        // Given the search screen
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let (viewModel, subscriptions) = makeViewModel(timeline, log)

        // When a query is searched, then cleared to spaces, then a query that fails is searched
        try timeline.runScenario {
            try timeline.step(at: .zero, "cat") { viewModel.input.query.send("cat") }
            try timeline.step(at: .seconds(1), "clear") { viewModel.input.query.send("  ") }
            try timeline.step(at: .seconds(2), "fail") { viewModel.input.query.send("fail") }
            try timeline.run()
        }

        // Then the empty query publishes no results without calling the repository; the failure goes to error
        XCTAssertEqual(
            log.lines,
            [
                "0.000s results []",
                "0.000s isLoading false",
                "0.300s isLoading true",
                "0.300s log search query=cat",
                "0.300s search \"cat\"",
                "0.500s isLoading false",
                "0.500s results [\"cat 1\", \"cat 2\"]",
                "1.300s isLoading false",
                "1.300s results []",
                "2.300s isLoading true",
                "2.300s log search query=fail",
                "2.300s search \"fail\"",
                "2.500s isLoading false",
                "2.500s error server: 503",
            ])
        withExtendedLifetime(subscriptions) {}
    }

    func testSelectingAResultRoutesToItsDetailAndAnIndexOutOfRangeIsIgnored() throws {
        // Given results for "dog"
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let (viewModel, subscriptions) = makeViewModel(timeline, log)

        // When the second result is selected, then an index past the end
        try timeline.runScenario {
            try timeline.step(at: .zero, "dog") { viewModel.input.query.send("dog") }
            try timeline.step(at: .seconds(1), "select 1") { viewModel.input.didSelectResult.send(1) }
            try timeline.step(at: .seconds(2), "select 5") { viewModel.input.didSelectResult.send(5) }
            try timeline.run()
        }

        // Then the second result's detail is pushed once
        XCTAssertEqual(
            log.lines,
            [
                "0.000s results []",
                "0.000s isLoading false",
                "0.300s isLoading true",
                "0.300s log search query=dog",
                "0.300s search \"dog\"",
                "0.500s isLoading false",
                "0.500s results [\"dog 1\", \"dog 2\"]",
                "1.000s route pushDetail 2 dog 2",
            ])
        withExtendedLifetime(subscriptions) {}
    }
}
