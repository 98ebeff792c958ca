import Combine
import Foundation
import XCTest

@testable import TeamApp

/// `import Combine` on Linux resolves to this package's `Combine` module, which re-exports CombineCompat: code
/// written against Apple's Combine (here the team's internal `withLatestFrom` helper in TeamApp, reached through
/// `@testable import`) compiles unchanged in Swift 5 mode and behaves as CombineCompat does.
final class CombineModuleTests: XCTestCase {
    /// Given a button tap stream and a text stream, when taps arrive before, between and after text values, then
    /// each tap carries the latest text, taps before any text are dropped, and the upstream's completion ends it
    /// (RxSwift's documented `withLatestFrom`, which this helper copies).
    func testTeamHelperWithQualifiedSubscriptionNameRuns() {
        let taps = PassthroughSubject<Void, Never>()
        let text = PassthroughSubject<String, Never>()
        var events: [String] = []

        let cancellable = taps.withLatestFrom(text) { _, latest in latest }
            .sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append($0) })
        taps.send(())
        text.send("a")
        text.send("b")
        taps.send(())
        text.send("c")
        taps.send(())
        taps.send(())
        taps.send(completion: .finished)

        XCTAssertEqual(events, ["b", "c", "c", "finished"])
        cancellable.cancel()
    }

    /// `Combine.`-qualified names and the ones `import CombineCompat` brings denote the same types, so a module
    /// may mix files with either import line.
    func testQualifiedNamesAreCombineCompatTypes() {
        XCTAssertTrue(Combine.AnyPublisher<Int, Never>.self == compatAnyPublisher)
        XCTAssertTrue(Combine.PassthroughSubject<Int, Never>.self == compatPassthroughSubject)
        XCTAssertTrue((any Combine.Subscription).self == compatSubscription)
        XCTAssertTrue(Combine.Subscribers.Demand.self == compatDemand)
    }

    /// UIKit's `IndexPath` additions that ViewModel files use without importing UIKit come with `import Combine` on
    /// Linux: index 0 is the section, index 1 the row (or item).
    func testIndexPathRowItemAndSectionAsUIKitDefinesThem() {
        var indexPath = IndexPath(row: 2, section: 1)
        indexPath.row += 1

        XCTAssertEqual(
            [indexPath.section, indexPath.row, indexPath.item, IndexPath(item: 4, section: 0).item],
            [1, 3, 3, 4])
        XCTAssertEqual(Array(indexPath), [1, 3])
    }
}
