#if !canImport(Darwin)

/// Every misuse of the Combine API that stops the app on a device stops the process here too, with the message
/// Combine prints, so that a scenario that misuses Combine fails as the app would (the worker reports it as a crash
/// of that scenario, with this message).
///
/// What traps, and with which words, follows the public record of Apple's Combine:
/// - a value or a completion reaching a subscriber of `values` (`AsyncPublisher`) beyond its demand traps with
///   "received an unexpected value" (a crash report of a shipped app, quoted in manaflow-ai/cmux#8236);
/// - the stateful operators (`tryMap`, `tryFilter`, `tryCompactMap`, …) trap when a value or a completion arrives
///   before their subscription, and when their subscription is asked for values before it has an upstream (the
///   OpenCombine suite, whose compatibility mode runs against Apple's Combine, asserts these crashes; its messages,
///   "API Violation: received an unexpected value before receiving a Subscription" and "API Violation: received an
///   unexpected completion", are the ones used here);
/// - `Subscribers.Demand.max(_:)` with a negative count, and `request(.none)` on the subscriptions of subjects,
///   `Just`, sequences and `Future` (the OpenCombine compatibility suite asserts the crash; the record quotes no
///   message for `request(.none)`, so the one here names the rule the documentation of `request(_:)` states);
/// - negative counts for `prefix(_:)`, `dropFirst(_:)`, `output(at:)` and `collect(_:)`, and a `maxPublishers` of
///   zero for `flatMap` (the documentation of each asks for a non-negative count; no message is quoted in the
///   record, so each message states the violated argument).
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

    /// `values` (an `AsyncPublisher` iterator) received a value it had not asked for.
    @usableFromInline
    static func unexpectedValue(file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError("received an unexpected value", file: file, line: line)
    }

    /// Traps unless `count` is zero or more: `what` names the argument, e.g. "prefix(_:) maxLength".
    @inlinable
    static func checkNotNegative(_ count: Int, _ what: StaticString, file: StaticString = #file, line: UInt = #line) {
        if count < 0 { negativeCount(what, count, file: file, line: line) }
    }

    @usableFromInline
    static func negativeCount(_ what: StaticString, _ count: Int, file: StaticString, line: UInt) -> Never {
        fatalError("\(what) must not be negative (got \(count))", file: file, line: line)
    }
}

#endif
