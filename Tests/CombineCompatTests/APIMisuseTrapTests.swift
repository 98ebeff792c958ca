import CombineCompat
import Foundation
import Synchronization
import Testing

// Misuse of the Combine API that stops the app on a device stops the process here too, through one place
// (`_APIViolation`), with the message Combine prints where the public record quotes it. Each case runs in a child
// process and the test checks how it ended and the message on its standard error.
//
// The child is this test binary, asked to run `APIMisuseTrapTests/misuse()` with COMBINECOMPAT_MISUSE naming the
// case; it is started with Foundation's `Process` rather than as a Swift Testing exit test, because exit tests
// wait for their children with `waitid(P_ALL, WNOWAIT)` and, when another test's `Process` child becomes a zombie
// at the same moment, the two waiters can each stop at the other's child and never finish.
//
// Evidence: the OpenCombine test suite, whose compatibility mode runs the same tests against Apple's Combine,
// asserts each crash (`assertCrashes`, `expected: .crash`, `testCrashesOnZeroDemand`); the message of a value
// beyond demand reaching `values` is quoted from a shipped app's crash report (manaflow-ai/cmux#8236). The record
// quotes no message for `request(.none)` or for negative counts, so those messages name the rule broken.

/// An upstream that hands its subscriber a subscription which ignores requests, so the test can misbehave.
private final class RawUpstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    var subscriber: AnySubscriber<Output, Failure>?
    let sendsSubscription: Bool
    init(sendsSubscription: Bool) { self.sendsSubscription = sendsSubscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let erased = AnySubscriber(subscriber)
        self.subscriber = erased
        if sendsSubscription { erased.receive(subscription: Subscriptions.empty) }
    }
}

/// Subscribes, then asks the subscription for nothing.
private func requestNone<P: Publisher>(_ publisher: P) {
    publisher.subscribe(AnySubscriber<P.Output, P.Failure>(receiveSubscription: { $0.request(.none) }))
}

/// The misuses, each of which ends its process; `misuse()` runs the one COMBINECOMPAT_MISUSE names.
private let misuses: [String: @Sendable () async -> Void] = [
    "subject request(.none)": { requestNone(PassthroughSubject<Int, Never>()) },
    "Just request(.none)": { requestNone(Just(1)) },
    "Future request(.none)": { requestNone(Future<Int, Never> { _ in }) },
    "flatMap request(.none)": { requestNone(PassthroughSubject<Int, Never>().flatMap { Just($0) }) },
    "Demand.max(-1)": { _ = Subscribers.Demand.max(-1) },
    "prefix(-1)": { _ = PassthroughSubject<Int, Never>().prefix(-1) },
    // DropTests.testDropNegativeNumberOfItemsCrash: the trap comes at subscription.
    "dropFirst(-1)": { _ = PassthroughSubject<Int, Never>().dropFirst(-1).sink { _ in } },
    // FilterTests.testTryFilterReceiveValueBeforeSubscription
    "tryFilter value before subscription": {
        let upstream = RawUpstream<Int, Never>(sendsSubscription: false)
        upstream.tryFilter { _ in true }.subscribe(AnySubscriber())
        _ = upstream.subscriber?.receive(1)
    },
    // RemoveDuplicatesTests.testRemoveDuplicatesCompletionBeforeSubscription
    "removeDuplicates completion before subscription": {
        let upstream = RawUpstream<Int, Never>(sendsSubscription: false)
        upstream.removeDuplicates().subscribe(AnySubscriber())
        upstream.subscriber?.receive(completion: .finished)
    },
    // manaflow-ai/cmux#8236: Combine's AsyncPublisher traps with "received an unexpected value".
    "values beyond demand": {
        let upstream = RawUpstream<Int, Never>(sendsSubscription: true)
        // The iterator subscribes when it is made and asks for a value only in `next()`: this one is beyond demand.
        let iterator = upstream.values.makeAsyncIterator()
        _ = upstream.subscriber?.receive(1)
        withExtendedLifetime(iterator) {}
    },
    // Apple's documentation of breakpointOnError(): "Raises a debugger signal upon receiving a failure."
    "breakpointOnError on a failure": {
        let subject = PassthroughSubject<Int, TestError>()
        let cancellable = subject.breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        subject.send(1)
        subject.send(completion: .failure(TestError("boom")))
        withExtendedLifetime(cancellable) {}
    },
    // Apple's documentation of assertNoFailure(_:file:line:): "Raises a fatal error when its upstream publisher
    // fails", with the prefix in the message.
    "assertNoFailure on a failure": {
        _ = Fail<Int, TestError>(error: TestError("boom")).assertNoFailure("loading").sink { _ in }
    },
    // BufferTests of the compatibility suite run against Apple's Combine: a customError closure that sends into
    // the full buffer crashes. A subscriber without demand makes the second value overflow a buffer of one.
    "buffer customError sending into itself": {
        let subject = PassthroughSubject<Int, TestError>()
        let buffered = subject.buffer(
            size: 1, prefetch: .byRequest,
            whenFull: .customError {
                subject.send(99)
                return TestError("full")
            })
        buffered.subscribe(AnySubscriber<Int, TestError>(receiveSubscription: { _ in }))
        subject.send(1)
        subject.send(2)
    },
    // Just's dropFirst(_:) declares a non-negative count, as Publisher's does.
    "Just dropFirst(-1)": { _ = Just(1).dropFirst(-1) },
    // OutputTests.testOutputAtOperatorCrashesOnIntMax; OptionalPublisherTests
    // .testOutputInRangeOperatorSpecializationCrashesOnTooBigUpperBound.
    "output(at: .max)": { _ = Empty<Void, Never>().output(at: .max) },
    "Optional output(in:) upper bound": { _ = Optional(12).publisher.output(in: 0..<(.max - 1)) },
    // CatchTests.testCatchReceiveValueBeforeSubscription, testTryCatchReceiveValueBeforeSubscription.
    "catch value before subscription": {
        let upstream = RawUpstream<Int, Error>(sendsSubscription: false)
        upstream.catch { _ in Just(13) }.subscribe(AnySubscriber())
        _ = upstream.subscriber?.receive(1)
    },
    // CatchTests.testCatchCrashesOnUnwantedInput, testTryCatchCrashesOnUnwantedInput: no demand asked for.
    "tryCatch value beyond demand": {
        let upstream = RawUpstream<Int, Error>(sendsSubscription: true)
        upstream.tryCatch { _ in Just(-1).setFailureType(to: Error.self) }.subscribe(AnySubscriber())
        _ = upstream.subscriber?.receive(42)
    },
    // DropUntilOutputTests.testDropUntilOutputReceiveValueBeforeSubscription: a value nobody asked for traps.
    "drop(untilOutputFrom:) value beyond demand": {
        let upstream = RawUpstream<Int, Never>(sendsSubscription: false)
        upstream.drop(untilOutputFrom: Empty<Void, Never>()).subscribe(AnySubscriber<Int, Never>())
        _ = upstream.subscriber?.receive(42)
    },
]

/// How a misuse ended its child process, and what it wrote to standard error.
private struct Ending: Sendable {
    var trapped: Bool
    /// The signal that ended it.
    var signal: Int32
    var standardError: String
}

/// Runs the misuse `name` in a child process.
private func run(_ name: String) throws -> Ending {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", "APIMisuseTrapTests/misuse"]
    var environment = ProcessInfo.processInfo.environment
    environment["COMBINECOMPAT_MISUSE"] = name
    process.environment = environment
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("misuse-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    process.standardError = errorHandle
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try errorHandle.close()
    let trapped = process.terminationReason == .uncaughtSignal
    return Ending(
        trapped: trapped, signal: process.terminationStatus,
        standardError: try String(contentsOf: errorFile, encoding: .utf8))
}

@Suite struct APIMisuseTrapTests {
    private static let zeroDemand = "API Violation: demand must not be zero"

    /// In a child process started by another test, performs the misuse it names; otherwise does nothing.
    @Test func misuse() async {
        guard let name = ProcessInfo.processInfo.environment["COMBINECOMPAT_MISUSE"], let misuse = misuses[name] else {
            return
        }
        await misuse()
        Issue.record("\(name) did not trap")
    }

    @Test func everyMisuseTrapsWithItsMessage() throws {
        let expected: [String: String] = [
            "subject request(.none)": Self.zeroDemand,
            "Just request(.none)": Self.zeroDemand,
            "Future request(.none)": Self.zeroDemand,
            "flatMap request(.none)": Self.zeroDemand,
            "Demand.max(-1)": "Subscribers.Demand.max(_:) value must not be negative (got -1)",
            "prefix(-1)": "prefix(_:) maxLength must not be negative (got -1)",
            "dropFirst(-1)": "dropFirst(_:) count must not be negative (got -1)",
            "tryFilter value before subscription":
                "API Violation: received an unexpected value before receiving a Subscription",
            "removeDuplicates completion before subscription": "API Violation: received an unexpected completion",
            "values beyond demand": "received an unexpected value",
            "breakpointOnError on a failure": "SIGTRAP",
            "assertNoFailure on a failure": "Fatal error: loading: boom",
            "buffer customError sending into itself":
                "API Violation: Buffer received a value while its customError closure was running",
            "Just dropFirst(-1)": "dropFirst(_:) count must not be negative (got -1)",
            "drop(untilOutputFrom:) value beyond demand": "API Violation: received a value beyond the demand requested",
            "catch value before subscription":
                "API Violation: received an unexpected value before receiving a Subscription",
            "tryCatch value beyond demand": "received an unexpected value",
            "output(at: .max)": "output(at:) index must be below 9223372036854775807 (got 9223372036854775807)",
            "Optional output(in:) upper bound":
                "output(in:) upper bound must be below 9223372036854775806 (got 9223372036854775806)",
        ]
        // The children run side by side: each is a whole test process starting up.
        let names = Array(misuses.keys)
        let observed = Mutex([String: String]())
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            let text: String
            do {
                let ending = try run(name)
                let message = expected[name].flatMap { expected in
                    let signalMatches = expected == "SIGTRAP" && ending.signal == SIGTRAP
                    return signalMatches || ending.standardError.contains(expected) ? expected : nil
                }
                text = ending.trapped ? message ?? "trapped with: \(ending.standardError)" : "did not trap"
            } catch {
                text = "could not run: \(error)"
            }
            observed.withLock { $0[name] = text }
        }
        #expect(observed.withLock { $0 } == expected)
    }

    @Test func aSequenceAndARecordIgnoreARequestForNone() {
        // SequenceTests.testRecursion, RecordTests.testRecursion: "Shouldn't crash".
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                $0.request(.none)
                $0.request(.unlimited)
            },
            receiveValue: {
                received.append($0); return .none
            })
        [1, 2].publisher.subscribe(subscriber)
        Record<Int, Never>(output: [3], completion: .finished).subscribe(subscriber)
        #expect(received == [1, 2, 3])
    }
}
