import CombineCompat
import Foundation
import Synchronization
import Testing

struct ObservableObjectTests {
    class BaseViewModel: ObservableObject {
        @Published var isLoading = false
        let cancellables: [AnyCancellable] = []
    }

    final class StoreViewModel: BaseViewModel {
        @Published var title = ""
        var plain = 0
        @Published var items: [String] = []
    }

    final class NoPublished: ObservableObject {
        var value = 0
    }

    final class CustomPublisher: ObservableObject {
        let objectWillChange = PassthroughSubject<Void, Never>()
        @Published var value = 0
    }

    final class Generic<Element>: ObservableObject {
        var padding: Element?
        @Published var element: Element?
    }

    @Test func firesForEveryPublishedPropertyIncludingTheSuperclasses() {
        let viewModel = StoreViewModel()
        var fired: [String] = []
        let cancellable = viewModel.objectWillChange.sink { fired.append("change") }
        viewModel.isLoading = true
        viewModel.title = "Store"
        viewModel.plain = 1
        viewModel.items = ["a"]
        #expect(fired == ["change", "change", "change"])
        cancellable.cancel()
    }

    @Test func returnsTheSamePublisherOnEveryRead() {
        let viewModel = StoreViewModel()
        let other = StoreViewModel()
        #expect(viewModel.objectWillChange === viewModel.objectWillChange)
        #expect(viewModel.objectWillChange !== other.objectWillChange)
    }

    @Test func writesBeforeTheFirstReadAreNotLost() {
        let viewModel = StoreViewModel()
        viewModel.title = "early"
        var fired = 0
        let cancellable = viewModel.objectWillChange.sink { fired += 1 }
        viewModel.title = "late"
        #expect([fired] == [1] && viewModel.title == "late")
        cancellable.cancel()
    }

    @Test func objectWithoutPublishedPropertiesStillHasAPublisher() {
        let object = NoPublished()
        let subscriber = TestSubscriber<Void, Never>()
        object.objectWillChange.subscribe(subscriber)
        object.value = 1
        #expect(subscriber.history == ["subscription"])
    }

    @Test func anObjectWithoutPublishedPropertiesKeepsOnePublisherForManualSends() {
        // Given a class that announces its changes itself, through the synthesised publisher
        let object = NoPublished()
        let subscriber = TestSubscriber<Void, Never>()
        object.objectWillChange.subscribe(subscriber)

        // When it sends through a later read of objectWillChange
        object.objectWillChange.send()

        // Then the subscriber hears it: every read returns the same publisher, and another object has its own
        #expect(subscriber.history == ["subscription", "value(())"])
        #expect(object.objectWillChange === object.objectWillChange)
        #expect(NoPublished().objectWillChange !== object.objectWillChange)
    }

    @Test func customObjectWillChangeIsLeftAlone() {
        let object = CustomPublisher()
        let subscriber = TestSubscriber<Void, Never>()
        object.objectWillChange.subscribe(subscriber)
        object.value = 1
        object.objectWillChange.send()
        #expect(subscriber.history == ["subscription", "value(())"])
    }

    @Test func genericClassesFindTheirFields() {
        let object = Generic<String>()
        var fired = 0
        let cancellable = object.objectWillChange.sink { fired += 1 }
        object.element = "x"
        object.padding = "y"
        #expect(fired == 1)
        cancellable.cancel()
    }

    final class SharedViewModel: BaseViewModel, @unchecked Sendable {
        @Published var title = ""
    }

    @Test func concurrentFirstReadsAgreeOnOnePublisher() {
        let viewModel = SharedViewModel()
        let identities = Mutex(Set<ObjectIdentifier>())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let identity = ObjectIdentifier(viewModel.objectWillChange)
            identities.withLock { _ = $0.insert(identity) }
        }
        #expect(identities.withLock { $0.count } == 1)
    }

    @Test func objectWillChangeIgnoresDemandOnceTheSubscriberHasAsked() {
        // Given a subscriber that asks for one change only (Combine's will-change publisher delivers every send to
        // a subscriber that has requested once: the OpenCombine suite, whose compatibility mode runs against
        // Apple's Combine, in ObservableObjectPublisherTests.testBasicBehavior)
        let publisher = ObservableObjectPublisher()
        let subscriber = TestSubscriber<Void, Never>(initialDemand: nil)
        publisher.subscribe(subscriber)
        publisher.send()
        let beforeAsking = subscriber.history
        subscriber.request(.max(1))
        // When three changes follow
        publisher.send()
        publisher.send()
        publisher.send()
        // Then nothing reached it before it asked, and every change after
        #expect(
            [beforeAsking, subscriber.history] == [
                ["subscription"], ["subscription", "value(())", "value(())", "value(())"],
            ])
    }
}

/// A Swift 6 main-actor ViewModel, the shape of seed 001: `@Published` must compile and work here too.
@MainActor
final class MainActorProfileViewModel: ObservableObject {
    @Published var isLoading = false
    @Published var name: String?

    func load() {
        isLoading = true
        name = "Kim"
        isLoading = false
    }
}

@MainActor
struct MainActorObservableObjectTests {
    @Test func mainActorViewModelPublishesEveryChange() {
        let viewModel = MainActorProfileViewModel()
        var log: [String] = []
        let changes = viewModel.objectWillChange.sink { log.append("change") }
        let loading = viewModel.$isLoading.sink { log.append("isLoading \($0)") }
        viewModel.load()
        #expect(
            log == [
                "isLoading false", "change", "isLoading true", "change", "change", "isLoading false",
            ])
        withExtendedLifetime((changes, loading)) {}
    }
}
