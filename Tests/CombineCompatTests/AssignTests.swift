import CombineCompat
import Testing

struct AssignTests {
    final class Target {
        var name = ""
        var names: [String] = []
    }

    @Test func assignsEveryValueToTheKeyPath() {
        let target = Target()
        let subject = PassthroughSubject<String, Never>()
        let cancellable = subject.assign(to: \.name, on: target)
        subject.send("a")
        subject.send("b")
        #expect(target.name == "b")
        cancellable.cancel()
    }

    @Test func holdsTheObjectUntilCancelled() {
        weak var weakTarget: Target?
        let subject = PassthroughSubject<String, Never>()
        var cancellable: AnyCancellable?
        do {
            let target = Target()
            weakTarget = target
            cancellable = subject.assign(to: \.name, on: target)
        }
        let aliveBeforeCancel = weakTarget != nil
        cancellable?.cancel()
        #expect([aliveBeforeCancel, weakTarget != nil] == [true, false])
        withExtendedLifetime(cancellable) {}
    }

    @Test func stopsAssigningAfterCancelAndCancelsUpstream() {
        let target = Target()
        let upstream = TestPublisher<String, Never>()
        let cancellable = upstream.assign(to: \.name, on: target)
        upstream.send("a")
        cancellable.cancel()
        upstream.send("b")
        #expect(target.name == "a")
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
    }

    @Test func releasesTheObjectWhenTheUpstreamFinishes() {
        let upstream = TestPublisher<String, Never>()
        let assign = Subscribers.Assign(object: Target(), keyPath: \.name)
        upstream.subscribe(assign)
        let attached = assign.object != nil
        upstream.send(completion: .finished)
        #expect([attached, assign.object != nil] == [true, false])
    }
}
