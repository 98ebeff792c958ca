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
#endif
