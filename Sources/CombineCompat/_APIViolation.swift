#if !canImport(Darwin)

/// Every misuse of the Combine API that stops the app on a device stops the process here too, with the message
/// Combine prints where the public record quotes it, so that a scenario that misuses Combine fails as the app would
/// (the worker reports it as a crash of that scenario, with this message). Every such trap in CombineCompat goes
/// through this type.
///
/// What traps follows the public record of Apple's Combine:
/// - a value reaching `values` (`AsyncPublisher`) beyond its demand: "received an unexpected value" (a crash report
///   of a shipped app, quoted in manaflow-ai/cmux#8236); likewise a `switchToLatest` child and `retry` sending past
///   demand;
/// - a value, a completion or a request reaching `tryFilter`, `tryCompactMap`, `removeDuplicates`,
///   `tryRemoveDuplicates`, `prefix(while:)` or `tryPrefix(while:)` before its subscription, and a value reaching
///   `retry` before its subscription (the OpenCombine suite, whose compatibility mode runs against Apple's Combine,
///   asserts these crashes; the messages are OpenCombine's, "API Violation: received an unexpected value before
///   receiving a Subscription" and "API Violation: received an unexpected completion");
/// - `request(.none)` on the subscriptions of subjects, `Just`, `Optional.Publisher`, `Result.Publisher`, `Future`,
///   `dropFirst`, `drop(while:)`, `collect(_:)`, `flatMap`, `combineLatest`, `zip` and `switchToLatest` (the
///   compatibility suite asserts the crash for each it tests; sequences and records ignore `request(.none)`, as the
///   suite also records);
/// - a `buffer`'s `customError` closure sending into the same buffer (the suite asserts the crash);
/// - a value reaching `drop(untilOutputFrom:)` beyond the demand it counts, before its subscription included (the
///   suite asserts the crash: DropUntilOutputTests.testCrashesWhenReceivesInputAfterCancel,
///   testDropUntilOutputReceiveValueBeforeSubscription);
/// - `Subscribers.Demand.max(_:)` with a negative count, and negative counts for `dropFirst(_:)`, `prefix(_:)`,
///   `output(at:)` and `output(in:)` (the documentation of each asks for a non-negative value; the suite asserts
///   the crash for `dropFirst`, `Optional`'s `prefix` and `output`, and `Publishers.Output`'s bounds); `output(at:)`
///   at `Int.max`, and `Optional.Publisher`'s `output(in:)` up to `Int.max - 1` or beyond (the suite asserts both:
///   OutputTests.testOutputAtOperatorCrashesOnIntMax, OptionalPublisherTests
///   .testOutputInRangeOperatorSpecializationCrashesOnTooBigUpperBound). `Just`'s `output(in:)` does not trap.
///
/// The record quotes no message for `request(.none)`, a buffer's re-entrant `customError`, a value beyond
/// `drop(untilOutputFrom:)`'s demand or a count out of bounds, so each of those messages names the rule broken and the
/// argument ("API Violation: demand must not be zero", "prefix(_:) maxLength must not be negative (got -1)").
@usableFromInline
enum _APIViolation {
    /// Traps unless `demand` asks for at least one value: `request(.none)` is an API violation.
    @inlinable
    static func checkRequested(_ demand: Subscribers.Demand, file: StaticString = #file, line: UInt = #line) {
        if demand.rawValue == 0 { zeroDemand(file: file, line: line) }
    }

    @usableFromInline
    static func zeroDemand(file: StaticString, line: UInt) -> Never {
        fatalError("API Violation: demand must not be zero", file: file, line: line)
    }

    /// A stateful operator received a value before it received its subscription.
    @usableFromInline
    static func valueBeforeSubscription(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError(
            "API Violation: received an unexpected value before receiving a Subscription", file: file, line: line)
    }

    /// A stateful operator received a completion before it received its subscription.
    @usableFromInline
    static func unexpectedCompletion(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("API Violation: received an unexpected completion", file: file, line: line)
    }

    /// A stateful operator's subscription was asked for values before it received its own upstream subscription.
    @usableFromInline
    static func requestBeforeSubscription(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("API Violation: request(_:) called before the subscription arrived", file: file, line: line)
    }

    /// An operator that counts its demand received a value beyond it (`drop(untilOutputFrom:)`).
    @usableFromInline
    static func valueBeyondDemand(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("API Violation: received a value beyond the demand requested", file: file, line: line)
    }

    /// `values` (an `AsyncPublisher` iterator) received a value it had not asked for.
    @usableFromInline
    static func unexpectedValue(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("received an unexpected value", file: file, line: line)
    }

    /// A `buffer`'s `customError` closure sent a value into the same buffer (the OpenCombine compatibility suite
    /// asserts the crash; no message is quoted).
    @usableFromInline
    static func valueDuringCustomError(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError(
            "API Violation: Buffer received a value while its customError closure was running", file: file, line: line)
    }

    /// Traps unless `count` is zero or more: `what` names the argument, e.g. "prefix(_:) maxLength".
    @inlinable
    static func checkNotNegative(_ count: Int, _ what: StaticString, file: StaticString = #file, line: UInt = #line) {
        if count < 0 { negativeCount(what, count, file: file, line: line) }
    }

    /// Traps unless `value` is below `limit`: `what` names the argument, e.g. "output(at:) index".
    @inlinable
    static func checkBelow(
        _ value: Int, _ limit: Int, _ what: StaticString, file: StaticString = #file, line: UInt = #line
    ) {
        if value >= limit { tooLarge(what, value, limit, file: file, line: line) }
    }

    @usableFromInline
    static func tooLarge(_ what: StaticString, _ value: Int, _ limit: Int, file: StaticString, line: UInt) -> Never {
        fatalError("\(what) must be below \(limit) (got \(value))", file: file, line: line)
    }

    @usableFromInline
    static func negativeCount(_ what: StaticString, _ count: Int, file: StaticString, line: UInt) -> Never {
        fatalError("\(what) must not be negative (got \(count))", file: file, line: line)
    }
}

#endif
