import CombineCompat
import Foundation
import Testing

/// `Subscribers.Completion: Codable` (when `Failure` is) and `Record`/`Record.Recording: Codable`. Evidence:
/// Combine's declarations (`extension Subscribers.Completion: Encodable where Failure: Encodable`, `…Decodable`;
/// `extension Record: Codable` and `Record.Recording: Codable` where `Output` and `Failure` are codable). The key
/// names (`success`/`error`, `recording`, `output`/`completion`) follow the published record of Combine's form.
@Suite struct CodableCompletionTests {
    struct Failed: Error, Codable, Equatable { let code: Int }

    @Test func completionsRoundTripThroughJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let finished = try encoder.encode(Subscribers.Completion<Failed>.finished)
        let failed = try encoder.encode(Subscribers.Completion<Failed>.failure(Failed(code: 7)))
        #expect(String(decoding: finished, as: UTF8.self) == #"{"success":true}"#)
        #expect(String(decoding: failed, as: UTF8.self) == #"{"error":{"code":7},"success":false}"#)
        let decoded = try [finished, failed].map {
            try JSONDecoder().decode(Subscribers.Completion<Failed>.self, from: $0)
        }
        #expect(decoded == [.finished, .failure(Failed(code: 7))])
    }

    @Test func aFailureWithoutItsErrorDoesNotDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Subscribers.Completion<Failed>.self, from: Data(#"{"success":false}"#.utf8))
        }
    }

    @Test func aDecodedRecordPlaysItsRecordingBack() throws {
        // Given a record encoded to JSON
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let record = Record<Int, Failed>(output: [1, 2], completion: .failure(Failed(code: 3)))
        let data = try encoder.encode(record)
        // When it is decoded and subscribed to
        let replay = try JSONDecoder().decode(Record<Int, Failed>.self, from: data)
        let subscriber = TestSubscriber<Int, Failed>()
        replay.subscribe(subscriber)
        // Then
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"recording":{"completion":{"error":{"code":3},"success":false},"output":[1,2]}}"#)
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "failure(Failed(code: 3))"])
    }
}
