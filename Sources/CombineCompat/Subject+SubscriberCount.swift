#if !canImport(Darwin)

/// A subject that can say how many subscribers are attached to it now.
///
/// Not Combine API: a test harness uses it to see whether anything listens to an input subject (a `send` into a
/// subject nobody subscribes to goes nowhere, which is how a forgotten `bind()` shows).
package protocol _SubscriberCounting: AnyObject {
    /// The subscribers attached now (a cancelled or completed subscription no longer counts).
    var _subscriberCount: Int { get }
}

extension PassthroughSubject: _SubscriberCounting {
    package var _subscriberCount: Int { core.subscriberCount }
}

extension CurrentValueSubject: _SubscriberCounting {
    package var _subscriberCount: Int { core.subscriberCount }
}

extension _SubjectCore {
    /// The attached conduits.
    var subscriberCount: Int {
        lock.withLock { liveCount }
    }
}

#endif
