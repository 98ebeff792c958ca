// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// A publisher that runs `work` in a `Task` per subscription, publishes its result once, and **cancels the task**
/// when the subscription is cancelled. `switchToLatest` over these cancels a stale request for real.
func taskPublisher<Value>(_ work: @escaping () async -> Value) -> AnyPublisher<Value, Never> {
    Deferred { () -> AnyPublisher<Value, Never> in
        let subject = PassthroughSubject<Value, Never>()
        // On the MainActor, as the view reads what the ViewModel publishes: the work itself runs off it.
        let task = Task { @MainActor in
            let value = await work()
            if !Task.isCancelled {
                subject.send(value)
                subject.send(completion: .finished)
            }
        }
        return
            subject
            .handleEvents(receiveCancel: { task.cancel() })
            .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
}
