import Combine
import XCTest

/// `import Combine` on Linux resolves to this package's `Combine` module, which re-exports CombineCompat: code
/// written against Apple's Combine (here a team's `withLatestFrom` helper and the subjects it combines) compiles
/// unchanged in Swift 5 mode and behaves as CombineCompat does.
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
}
