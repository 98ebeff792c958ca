import CombineCompat
import Testing
import ViewModelKit

private final class Owner {
    var received: [Int] = []
}

@Suite("withUnretained")
struct WithUnretainedTests {
    @Test func pairsValuesWithTheObjectWithoutRetainingIt() {
        // Given an owner observed through withUnretained
        let subject = PassthroughSubject<Int, Never>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        var events: [String] = []
        let cancellable =
            subject
            .withUnretained(owner ?? Owner())
            .sink(
                receiveCompletion: { events.append("completion \($0)") },
                receiveValue: { pair in
                    pair.0.received.append(pair.1)
                    events.append("value \(pair.1)")
                })

        // When values arrive while it lives, then after it is released
        subject.send(1)
        subject.send(2)
        owner = nil
        subject.send(3)
        subject.send(4)

        // Then the pipeline did not keep it alive, and finished at the first value after its release
        #expect(weakOwner == nil)
        #expect(events == ["value 1", "value 2", "completion finished"])
        cancellable.cancel()
    }

    @Test func passesFailuresThrough() {
        struct Boom: Error {}
        let subject = PassthroughSubject<Int, Boom>()
        let owner = Owner()
        var events: [String] = []
        let cancellable = subject.withUnretained(owner).sink(
            receiveCompletion: { completion in
                if case .failure = completion { events.append("failure") } else { events.append("finished") }
            },
            receiveValue: { events.append("value \($0.1)") })

        subject.send(7)
        subject.send(completion: .failure(Boom()))

        #expect(events == ["value 7", "failure"])
        cancellable.cancel()
    }

    @Test func subscribingAfterTheObjectIsGoneFinishesAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var owner: Owner? = Owner()
        let publisher = subject.withUnretained(owner ?? Owner())
        owner = nil
        var events: [String] = []
        let cancellable = publisher.sink(
            receiveCompletion: { _ in events.append("finished") }, receiveValue: { _ in events.append("value") })

        subject.send(1)

        #expect(events == ["finished"])
        cancellable.cancel()
    }

    @Test func resultSelectorAndSinkUnretained() {
        let subject = PassthroughSubject<Int, Never>()
        let owner = Owner()
        var labels: [String] = []
        let selected = subject.withUnretained(owner) { _, value in "v\(value)" }.sink { labels.append($0) }
        let direct = subject.sink(unretained: owner) { owner, value in owner.received.append(value) }

        subject.send(5)
        subject.send(6)

        #expect(labels == ["v5", "v6"])
        #expect(owner.received == [5, 6])
        selected.cancel()
        direct.cancel()
    }
}

@Suite("BaseViewModel")
struct BaseViewModelTests {
    private final class Probe: BaseViewModel {
        let input = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var bindCount = 0

        override func bind() {
            bindCount += 1
            input.sink { [weak self] in self?.seen.append($0) }.store(in: &cancellables)
        }
    }

    @Test func bindIsNotCalledByInitAndStoresSubscriptions() {
        let viewModel = Probe()
        viewModel.input.send(1)
        #expect(viewModel.bindCount == 0)

        viewModel.bind()
        viewModel.input.send(2)

        #expect(viewModel.seen == [2])
        #expect(viewModel.cancellables.count == 1)
    }
}
