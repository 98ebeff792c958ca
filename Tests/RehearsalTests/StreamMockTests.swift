import CombineCompat
import Foundation
import Rehearsal
import XCTest

// MARK: - A ViewModel that watches prices through AsyncStream, AsyncThrowingStream and a publisher

private protocol PriceFeed {
    func prices(symbol: String) -> AsyncStream<Double>
    func trades(symbol: String) -> AsyncThrowingStream<Int, Error>
    func quotes(symbol: String) -> AnyPublisher<Double, Error>
}

private final class PriceFeedMock: ScriptedMock, PriceFeed {
    func prices(symbol: String) -> AsyncStream<Double> { respond(symbol) }
    func trades(symbol: String) -> AsyncThrowingStream<Int, Error> { respond(symbol) }
    func quotes(symbol: String) -> AnyPublisher<Double, Error> { respond(symbol) }
}

private final class TickerViewModel {
    struct Input {
        let watch = PassthroughSubject<String, Never>()
        let watchTrades = PassthroughSubject<String, Never>()
        let watchQuotes = PassthroughSubject<String, Never>()
        let stop = PassthroughSubject<Void, Never>()
    }
    struct Output { let log = PassthroughSubject<String, Never>() }
    let input = Input()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private var quotes: AnyCancellable?
    private var task: Task<Void, Never>?

    init(feed: PriceFeed) {
        nonisolated(unsafe) let feed = feed
        nonisolated(unsafe) let log = output.log
        input.watch
            .sink { [weak self] symbol in
                self?.task = Task { @MainActor in
                    for await price in feed.prices(symbol: symbol) { log.send("price \(price)") }
                    log.send("prices ended")
                }
            }
            .store(in: &cancellables)
        input.watchTrades
            .sink { [weak self] symbol in
                self?.task = Task { @MainActor in
                    do {
                        for try await size in feed.trades(symbol: symbol) { log.send("trade \(size)") }
                        log.send("trades ended")
                    } catch {
                        log.send("trades failed: \(error.localizedDescription)")
                    }
                }
            }
            .store(in: &cancellables)
        input.watchQuotes
            .sink { [weak self] symbol in
                self?.quotes = feed.quotes(symbol: symbol)
                    .sink(
                        receiveCompletion: { log.send("quotes \($0)") }, receiveValue: { log.send("quote \($0)") })
            }
            .store(in: &cancellables)
        input.stop.sink { [weak self] in self?.task?.cancel() }.store(in: &cancellables)
    }

    deinit { task?.cancel() }
}

private let tickerCatalog = Catalog {
    ViewModelEntry("Ticker") { context in TickerViewModel(feed: PriceFeedMock(context)) }
}

/// Mock methods returning `AsyncStream`, `AsyncThrowingStream` or a publisher play several scripted elements, each
/// at its own `after` after the previous one.
final class StreamMockTests: XCTestCase {
    /// An element without `after` arrives with the one before it: the producer yields both before the consumer
    /// resumes, as a real `AsyncStream` buffers them.
    func testAStreamYieldsEachElementAtItsOwnTimeThenFinishes() throws {
        let result = try runInline(
            """
            {"viewModel": "Ticker",
             "mocks": {"PriceFeed.prices": [{"stream": [{"after": "100ms", "yield": 1.5}, {"after": "250ms", "yield": 1.75},
                                                        {"yield": 2}, {"after": "1s", "finish": true}]}]},
             "steps": [{"at": "1s", "send": "watch", "value": "ACME"}]}
            """, catalog: tickerCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "1.000s", "input": "watch", "value": "ACME"}"#,
                #"{"at": "1.000s", "call": "PriceFeed.prices", "args": {"symbol": "ACME"}}"#,
                #"{"at": "1.100s", "response": "PriceFeed.prices", "index": 0, "element": 0}"#,
                #"{"at": "1.100s", "output": "log", "value": "price 1.5"}"#,
                #"{"at": "1.350s", "response": "PriceFeed.prices", "index": 0, "element": 1}"#,
                #"{"at": "1.350s", "response": "PriceFeed.prices", "index": 0, "element": 2}"#,
                #"{"at": "1.350s", "output": "log", "value": "price 1.75"}"#,
                #"{"at": "1.350s", "output": "log", "value": "price 2.0"}"#,
                #"{"at": "2.350s", "response": "PriceFeed.prices", "index": 0, "finished": true}"#,
                #"{"at": "2.350s", "output": "log", "value": "prices ended"}"#,
            ])
    }

    func testStoppingTheConsumerCancelsAStreamThatStaysOpen() throws {
        let result = try runInline(
            """
            {"viewModel": "Ticker",
             "mocks": {"PriceFeed.prices": [{"stream": [{"after": "100ms", "yield": 1}, {"never": true}]},
                                            {"return": 9}]},
             "steps": [{"send": "watch", "value": "A"}, {"at": "5s", "send": "stop"}, {"at": "6s", "send": "watch", "value": "B"}]}
            """, catalog: tickerCatalog)

        // Then the open stream is cancelled when its consumer stops; a "return" answer is one element and the end
        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "watch", "value": "A"}"#,
                #"{"at": "0.000s", "call": "PriceFeed.prices", "args": {"symbol": "A"}}"#,
                #"{"at": "0.100s", "response": "PriceFeed.prices", "index": 0, "element": 0}"#,
                #"{"at": "0.100s", "output": "log", "value": "price 1.0"}"#,
                #"{"at": "5.000s", "input": "stop"}"#,
                #"{"at": "5.000s", "cancelled": "PriceFeed.prices"}"#,
                #"{"at": "5.000s", "output": "log", "value": "prices ended"}"#,
                #"{"at": "6.000s", "input": "watch", "value": "B"}"#,
                #"{"at": "6.000s", "call": "PriceFeed.prices", "args": {"symbol": "B"}}"#,
                #"{"at": "6.000s", "response": "PriceFeed.prices", "index": 1}"#,
                #"{"at": "6.000s", "output": "log", "value": "price 9.0"}"#,
                #"{"at": "6.000s", "output": "log", "value": "prices ended"}"#,
            ])
    }

    func testAThrowingStreamFailsWithTheScriptedErrorAndAPublisherPlaysAStreamToo() throws {
        let result = try runInline(
            """
            {"viewModel": "Ticker",
             "mocks": {"PriceFeed.trades": [{"stream": [{"after": "10ms", "yield": 100},
                                                        {"after": "20ms", "throw": {"code": "halt", "message": "trading halted"}}]}],
                       "PriceFeed.quotes": [{"stream": [{"after": "5ms", "yield": 1.25}, {"after": "5ms", "yield": 1.5}]}]},
             "steps": [{"send": "watchTrades", "value": "A"}, {"at": "1s", "send": "watchQuotes", "value": "A"}]}
            """, catalog: tickerCatalog)

        XCTAssertEqual(result.findings.map(\.description), [])
        XCTAssertEqual(
            result.lines,
            [
                #"{"at": "0.000s", "input": "watchTrades", "value": "A"}"#,
                #"{"at": "0.000s", "call": "PriceFeed.trades", "args": {"symbol": "A"}}"#,
                #"{"at": "0.010s", "response": "PriceFeed.trades", "index": 0, "element": 0}"#,
                #"{"at": "0.010s", "output": "log", "value": "trade 100"}"#,
                #"{"at": "0.030s", "response": "PriceFeed.trades", "index": 0, "element": 1, "throw": true}"#,
                #"{"at": "0.030s", "output": "log", "value": "trades failed: trading halted"}"#,
                #"{"at": "1.000s", "input": "watchQuotes", "value": "A"}"#,
                #"{"at": "1.000s", "call": "PriceFeed.quotes", "args": {"symbol": "A"}}"#,
                #"{"at": "1.005s", "response": "PriceFeed.quotes", "index": 0, "element": 0}"#,
                #"{"at": "1.005s", "output": "log", "value": "quote 1.25"}"#,
                #"{"at": "1.010s", "response": "PriceFeed.quotes", "index": 0, "element": 1}"#,
                #"{"at": "1.010s", "output": "log", "value": "quote 1.5"}"#,
                #"{"at": "1.010s", "response": "PriceFeed.quotes", "index": 0, "finished": true}"#,
                #"{"at": "1.010s", "output": "log", "value": "quotes finished"}"#,
            ])
    }

    func testAStreamThatCannotFailReportsTheThrowAndFinishes() throws {
        let result = try runInline(
            """
            {"viewModel": "Ticker",
             "mocks": {"PriceFeed.prices": [{"stream": [{"yield": 1}, {"after": "1ms", "throw": {"code": "x"}}]}]},
             "steps": [{"send": "watch", "value": "A"}]}
            """, catalog: tickerCatalog)

        XCTAssertEqual(
            result.findings.map(\.description),
            [
                """
                inline.json:2:85: error: PriceFeed.prices returns an AsyncStream, which cannot fail
                 "mocks": {"PriceFeed.prices": [{"stream": [{"yield": 1}, {"after": "1ms", "throw": {"code": "x"}}]}]},
                                                                                                    ^
                  hint: end the stream with {"finish": true}, or return an AsyncThrowingStream
                """
            ])
        XCTAssertEqual(
            Array(result.lines.suffix(2)),
            [
                #"{"at": "0.001s", "response": "PriceFeed.prices", "index": 0, "element": 1, "throw": true}"#,
                #"{"at": "0.001s", "output": "log", "value": "prices ended"}"#,
            ])
    }
}
