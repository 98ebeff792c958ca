import CombineCompat
import Foundation
import Synchronization
import Testing

/// The publishers a `@Published` property makes lazily: one `$property` subject and one `objectWillChange`
/// publisher per object, whichever thread first asks, owned by the object (Apple documents `objectWillChange` as
/// "a publisher that emits before the object has changed" and `$property` as the property's publisher: one of each
/// for the object, released with it).
struct PublishedStorageTests {
    final class Profile: ObservableObject, @unchecked Sendable {
        @Published var name = "Ann"
    }

    @Test func theObjectReleasesItsPublishersWithItself() {
        // Given a model whose objectWillChange and $name publishers have been made and used
        weak var weakWillChange: ObservableObjectPublisher?
        weak var weakProfile: Profile?
        var received: [String] = []
        do {
            let profile = Profile()
            weakProfile = profile
            weakWillChange = profile.objectWillChange
            let observer = profile.$name.sink { received.append($0) }
            profile.name = "Bo"
            observer.cancel()
        }
        // When the model goes, then its publishers go with it
        #expect(received == ["Ann", "Bo"])
        #expect([weakProfile == nil, weakWillChange == nil] == [true, true])
    }

    @Test func concurrentFirstUsesOfAProjectedPublisherShareOneSubject() {
        // Given a model whose $name has not been used yet
        let shared = Profile()
        let received = Mutex([String]())
        let cancellables = Mutex([Shared<AnyCancellable>]())
        // When 8 threads subscribe to $name at once, then the name changes once
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let cancellable = shared.$name.sink { value in received.withLock { $0.append(value) } }
            cancellables.withLock { $0.append(Shared(cancellable)) }
        }
        shared.name = "Bo"
        // Then every subscriber received the initial value, and the change, from the one subject they share
        let expected = Array(repeating: "Ann", count: 8) + Array(repeating: "Bo", count: 8)
        #expect(received.withLock { $0.sorted() } == expected)
        cancellables.withLock { $0.forEach { $0.value.cancel() } }
    }
}
