import CombineCompat
import Foundation
import Testing

/// `encode(encoder:)`, `decode(type:decoder:)`, `TopLevelEncoder`/`TopLevelDecoder`. Evidence: Apple's documentation
/// ("Encodes the output from upstream using a specified encoder", "Decodes the output from the upstream using a
/// specified decoder"; `JSONEncoder`/`JSONDecoder` conform to the protocols; the publishers' `Failure` is `Error`).
@Suite struct EncodeDecodeTests {
    struct Article: Codable, Equatable, CustomStringConvertible {
        let title: String
        var description: String { title }
    }

    @Test func encodesEachValueAndDecodesItBack() {
        let subscriber = TestSubscriber<Article, Error>()
        [Article(title: "Combine"), Article(title: "Linux")].publisher
            .encode(encoder: JSONEncoder())
            .decode(type: Article.self, decoder: JSONDecoder())
            .subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(Combine)", "value(Linux)", "finished"])
    }

    @Test func aDecodingErrorCancelsUpstreamAndFails() {
        // Given
        let harness = OperatorHarness(Data.self, Never.self) { $0.decode(type: Article.self, decoder: JSONDecoder()) }
        // When the second value is not an article
        harness.send(Data(#"{"title":"ok"}"#.utf8), Data(#"{"name":1}"#.utf8))
        // Then
        #expect(harness.history.upstream == ["subscribe", "request(unlimited)", "cancel"])
        #expect(harness.downstream.values == [Article(title: "ok")])
        guard case .completion(.failure(let error)) = harness.downstream.events.last else {
            Issue.record("expected a failure, got \(harness.downstream.history)")
            return
        }
        #expect(error is DecodingError)
    }

    @Test func encodedOutputIsTheEncodersOutput() throws {
        let subscriber = TestSubscriber<Data, Error>()
        Just(Article(title: "A")).encode(encoder: JSONEncoder()).subscribe(subscriber)
        #expect(subscriber.values.map { String(decoding: $0, as: UTF8.self) } == [#"{"title":"A"}"#])
    }
}
