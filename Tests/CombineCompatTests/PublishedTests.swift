import CombineCompat
import Testing

struct PublishedTests {
    final class Profile: ObservableObject {
        @Published var name = "Ann"
        @Published var age = 30
    }

    @Test func projectedPublisherReplaysTheCurrentValueThenEmitsWrites() {
        let profile = Profile()
        profile.name = "Bo"
        let subscriber = TestSubscriber<String, Never>()
        profile.$name.subscribe(subscriber)
        profile.name = "Cy"
        #expect(subscriber.history == ["subscription", "value(Bo)", "value(Cy)"])
    }

    @Test func writesRunInWillSetOrder() {
        // Given observers of objectWillChange and $name that read the property
        let profile = Profile()
        var log: [String] = []
        let willChange = profile.objectWillChange.sink { log.append("willChange sees \(profile.name)") }
        let names = profile.$name.dropFirstValue { log.append("$name emits \($0), property is \(profile.name)") }
        // When
        profile.name = "Bo"
        log.append("after write \(profile.name)")
        // Then objectWillChange comes first, then $name, then the stored value changes
        #expect(
            log == [
                "willChange sees Ann", "$name emits Bo, property is Ann", "after write Bo",
            ])
        withExtendedLifetime((willChange, names)) {}
    }

    @Test func subscribingToTheProjectionFromObjectWillChangeSeesTheWrite() {
        // Given an objectWillChange observer that subscribes to $name at the first change
        let profile = Profile()
        var names: [String] = []
        var inner: AnyCancellable?
        let outer = profile.objectWillChange.sink {
            if inner == nil { inner = profile.$name.sink { names.append($0) } }
        }
        // When
        profile.name = "Bo"
        // Then it receives the old current value, then the value being written
        #expect(names == ["Ann", "Bo"])
        withExtendedLifetime((outer, inner)) {}
    }

    @Test func demandIsRespected() {
        let profile = Profile()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        profile.$age.subscribe(subscriber)
        profile.age = 31
        subscriber.request(.max(1))
        profile.age = 32
        #expect(subscriber.history == ["subscription", "value(31)"])
    }

    @Test func assignToPublishedRepublishesWithoutRetainingTheObject() {
        // Given a model whose @Published property is fed by a subject
        final class Counter: ObservableObject {
            @Published var count = 0
            init(source: PassthroughSubject<Int, Never>) {
                source.assign(to: &$count)
            }
        }
        let source = PassthroughSubject<Int, Never>()
        var counter: Counter? = Counter(source: source)
        weak let weakCounter = counter
        var changes = 0
        let willChange = counter?.objectWillChange.sink { changes += 1 }
        // When
        source.send(5)
        let value = counter?.count
        counter = nil
        // Then the value arrived with a change notification, and the model was released
        #expect(value == 5 && changes == 1 && weakCounter == nil)
        withExtendedLifetime(willChange) {}
    }

    @Test func publishedInitialValueInitialiser() {
        final class Model {
            @Published var flag: Bool
            init() { _flag = Published(initialValue: true) }
        }
        let model = Model()
        let subscriber = TestSubscriber<Bool, Never>()
        model.$flag.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(true)"])
    }

    @Test func propertyWithoutDefaultIsInitialisedInInit() {
        // Given the ViewModelable counter of seed 003: `@Published var state` set in `init`
        final class CounterViewModel: ObservableObject {
            enum State: Equatable { case count(Int) }
            @Published var state: State

            init() {
                state = .count(0)
            }

            func add() {
                guard case .count(let value) = state else { return }
                state = .count(value + 1)
            }
        }
        let counter = CounterViewModel()
        let subscriber = TestSubscriber<CounterViewModel.State, Never>()
        counter.$state.subscribe(subscriber)
        // When
        counter.add()
        // Then
        #expect(subscriber.history == ["subscription", "value(count(0))", "value(count(1))"])
    }

    @Test func assigningAProjectionLeavesTheWrappedValueAndItsPublisherAlone() {
        // Given two objects (the record is Apple's documentation, which only says the projection is settable, and
        // the probe of Apple's Combine reported in issue 12: after `$a = b.$a`, `a` keeps its value)
        let first = TitledModel("first")
        let second = TitledModel("second")
        let subscriber = TestSubscriber<String, Never>()
        first.$title.subscribe(subscriber)
        // When
        first.$title = second.$title
        let afterAssignment = first.title
        second.title = "second again"
        first.title = "first again"
        // Then
        #expect(
            [afterAssignment, first.title, second.title] == ["first", "first again", "second again"]
                && subscriber.history == ["subscription", "value(first)", "value(first again)"])
    }
}

extension Published.Publisher {
    /// Subscribes with `sink`, skipping the replayed current value, so tests see writes only.
    fileprivate func dropFirstValue(_ body: @escaping (Value) -> Void) -> AnyCancellable {
        var isFirst = true
        return sink { value in
            if isFirst {
                isFirst = false
                return
            }
            body(value)
        }
    }
}

/// An object with one `@Published` property, for the projection-assignment test.
private final class TitledModel: ObservableObject {
    @Published var title: String
    init(_ title: String) { self.title = title }
}
