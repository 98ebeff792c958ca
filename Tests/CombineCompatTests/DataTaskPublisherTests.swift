#if canImport(FoundationNetworking)
import CombineCompat
import Foundation
import FoundationNetworking
import Testing

/// Answers every request of a session from the request's URL, without a network: `/ok` with a body, anything else
/// with `URLError(.notConnectedToInternet)`.
private final class ScriptedURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, url.path == "/ok",
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("hello".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// `URLSession.dataTaskPublisher(for:)`. Evidence: Apple's documentation ("Returns a publisher that wraps a URL
/// session data task for a given URL"; `Output` is `(data: Data, response: URLResponse)`, `Failure` is `URLError`;
/// the task starts when the subscriber demands). Answers come from a scripted `URLProtocol`; the session delivers
/// them on its own queue, so the test waits for the completion with `values`.
@Suite struct DataTaskPublisherTests {
    private static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ScriptedURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    @Test func deliversTheDataAndResponseThenFinishes() async throws {
        let session = Self.session()
        var bodies: [String] = []
        var statuses: [Int] = []
        for try await (data, response) in session.dataTaskPublisher(
            for: try #require(URL(string: "http://rehearsal.test/ok"))
        )
        .values {
            bodies.append(String(decoding: data, as: UTF8.self))
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? -1)
        }
        #expect(bodies == ["hello"] && statuses == [200])
    }

    @Test func failsWithTheTasksURLError() async throws {
        let session = Self.session()
        let request = URLRequest(url: try #require(URL(string: "http://rehearsal.test/down")))
        await #expect(throws: URLError(.notConnectedToInternet)) {
            for try await _ in session.dataTaskPublisher(for: request).values {}
        }
    }

    @Test func nothingStartsBeforeDemand() throws {
        let subscriber = TestSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: nil)
        Self.session().dataTaskPublisher(for: try #require(URL(string: "http://rehearsal.test/ok"))).subscribe(
            subscriber)
        subscriber.cancel()
        #expect(subscriber.history == ["subscription"])
    }
}

/// A data task that records `resume` and `cancel` instead of running.
private final class RecordingTask: URLSessionDataTask, @unchecked Sendable {
    private let lock = NSLock()
    private var _log: [String] = []
    var log: [String] { lock.withLock { _log } }
    override func resume() { lock.withLock { _log.append("resume") } }
    override func cancel() { lock.withLock { _log.append("cancel") } }
}

/// A session whose data tasks are one `RecordingTask`, completed by the test through `complete(_:_:_:)`.
private final class RecordingSession: URLSession, @unchecked Sendable {
    let task = RecordingTask()
    private let lock = NSLock()
    private var handlers: [@Sendable (Data?, URLResponse?, Error?) -> Void] = []
    var tasksMade: Int { lock.withLock { handlers.count } }

    override func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
    ) -> URLSessionDataTask {
        lock.withLock { handlers.append(completionHandler) }
        return task
    }

    func complete(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
        for handler in lock.withLock({ handlers }) { handler(data, response, error) }
    }
}

/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine (URLSessionTests:
/// testRequesting, testCancelAlreadyCancelled, testReceive*).
@Suite struct DataTaskPublisherRequestTests {
    private static let url = URL(string: "https://rehearsal.test/data")

    @Test func everyRequestResumesTheOneTaskAndCancelStopsIt() throws {
        // Given
        let session = RecordingSession(configuration: .ephemeral)
        let url = try #require(Self.url)
        let subscriber = TestSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: nil)
        session.dataTaskPublisher(for: url).subscribe(subscriber)
        let beforeDemand = session.task.log
        // When the subscriber asks twice, cancels, asks again, and the session answers afterwards
        subscriber.request(.max(2))
        subscriber.request(.max(1))
        subscriber.cancel()
        subscriber.request(.max(1))
        session.complete(
            Data("late".utf8), URLResponse(url: url, mimeType: nil, expectedContentLength: 4, textEncodingName: nil),
            nil)
        // Then one task was made and resumed at each request; the cancel reached it and nothing was delivered
        #expect(beforeDemand == [])
        #expect(session.tasksMade == 1)
        #expect(session.task.log == ["resume", "resume", "cancel"])
        #expect(subscriber.history == ["subscription"])
    }

    @Test func answersBecomeValuesOrURLErrorsAsInCombine() throws {
        // Given one publisher per kind of answer
        let url = try #require(Self.url)
        let response = URLResponse(url: url, mimeType: "text/plain", expectedContentLength: 4, textEncodingName: nil)
        let urlError = URLError(.cannotParseResponse)
        let answers: [(String, Data?, URLResponse?, Error?)] = [
            ("nothing", nil, nil, nil), ("data only", Data("body".utf8), nil, nil),
            ("data and response", Data("body".utf8), response, nil), ("response only", nil, response, nil),
            ("URL error", nil, response, urlError), ("other error", Data("body".utf8), nil, TestError("oops")),
        ]
        var outcomes: [String] = []
        for (name, data, answerResponse, error) in answers {
            let session = RecordingSession(configuration: .ephemeral)
            var received: [String] = []
            let cancellable = session.dataTaskPublisher(for: url).sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: received.append("finished")
                    case .failure(let failure): received.append("failure(\(failure.code.rawValue))")
                    }
                },
                receiveValue: { received.append("data(\($0.data.count))") })
            // The session answers three times: only the first answer counts
            for _ in 0..<3 { session.complete(data, answerResponse, error) }
            outcomes.append("\(name): \(received.joined(separator: ", "))")
            cancellable.cancel()
        }
        // Then
        #expect(
            outcomes == [
                "nothing: failure(\(URLError.unknown.rawValue))",
                "data only: failure(\(URLError.unknown.rawValue))",
                "data and response: data(4), finished", "response only: data(0), finished",
                "URL error: failure(\(URLError.cannotParseResponse.rawValue))",
                "other error: failure(\(URLError.unknown.rawValue))",
            ])
    }
}
#endif
