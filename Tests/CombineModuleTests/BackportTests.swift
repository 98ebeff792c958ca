import Combine
import CombineBackports
import Foundation
import XCTest

/// A Combine helper library's back-ports (`CombineBackports`: `Publisher.values` behind `@available(iOS,
/// deprecated: 15.0)`, `Future.value` behind `obsoleted: 15.0`) compile beside CombineCompat's originals: on Linux the
/// attributes bind nothing, CombineCompat's declarations are disfavoured, and the back-port wins, as on a phone below
/// iOS 15, where Apple's are unavailable. The originals stay reachable where the type asks for them.
final class BackportTests: XCTestCase {
    func testTheBackPortedValuesWinAndTheOriginalIsReachableByItsType() async throws {
        let stream = [1, 2, 3].publisher.values
        XCTAssertTrue(type(of: stream) == AsyncThrowingStream<Int, Error>.self)
        var fromBackport: [Int] = []
        for try await value in stream { fromBackport.append(value) }

        let original: AsyncPublisher<Publishers.Sequence<[Int], Never>> = [4, 5].publisher.values
        var fromOriginal: [Int] = []
        for await value in original { fromOriginal.append(value) }

        XCTAssertEqual(fromBackport, [1, 2, 3])
        XCTAssertEqual(fromOriginal, [4, 5])
    }

    func testTheBackPortedFutureValueWins() async {
        let before = BackportUse.futureValueReads
        let answer = Future<Int, Never> { promise in promise(.success(42)) }

        let value = await answer.value

        XCTAssertEqual(value, 42)
        XCTAssertEqual(BackportUse.futureValueReads, before + 1)
    }
}
