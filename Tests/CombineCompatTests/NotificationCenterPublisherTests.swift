import CombineCompat
import Foundation
import Testing

/// `NotificationCenter.publisher(for:object:)`. Evidence: Apple's documentation ("Returns a publisher that emits
/// events when broadcasting notifications"; `NotificationCenter.Publisher` has `Failure == Never`) and Combine's
/// contract that a publisher delivers no more values than demanded: a notification posted without demand is
/// dropped.
@Suite struct NotificationCenterPublisherTests {
    @Test func deliversPostedNotificationsAsDemandAllowsUntilCancelled() {
        // Given a private center, and a subscriber that asks for one notification at a time
        let center = NotificationCenter()
        let name = Notification.Name("Rehearsal.test.notification")
        let sender = NSObject(), other = NSObject()
        let subscriber = TestSubscriber<Notification, Never>(initialDemand: .max(1))
        center.publisher(for: name, object: sender).subscribe(subscriber)
        // When notifications are posted by the sender, another object, beyond demand, and after cancel
        center.post(name: name, object: sender, userInfo: ["n": 1])
        center.post(name: name, object: sender, userInfo: ["n": 2])
        subscriber.request(.max(1))
        center.post(name: name, object: other, userInfo: ["n": 3])
        center.post(name: name, object: sender, userInfo: ["n": 4])
        subscriber.cancel()
        center.post(name: name, object: sender, userInfo: ["n": 5])
        // Then only the sender's notifications within demand arrived
        #expect(subscriber.values.map { $0.userInfo?["n"] as? Int } == [1, 4])
        #expect(
            center.publisher(for: name, object: sender)
                == NotificationCenter.Publisher(center: center, name: name, object: sender))
    }
}
