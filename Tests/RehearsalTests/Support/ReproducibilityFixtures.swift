import CombineCompat
import Foundation
import Rehearsal

/// An item stamped the way app code stamps things: a fresh `UUID()` and the time it was added (`Date()`).
struct StampedItem: Codable, Equatable {
    let id: UUID
    let title: String
    let addedAt: Date
}

/// Adds items stamped with `UUID()` and `Date()`. `Date()` reads the scenario's virtual wall clock, so it is the
/// same in every run; `UUID()` is new every time.
@MainActor
final class StampsViewModel {
    struct Input { let add = PassthroughSubject<String, Never>() }
    struct Output { let items = CurrentValueSubject<[StampedItem], Never>([]) }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        input.add.sink { [weak self] title in
            guard let self else { return }
            output.items.send(output.items.value + [StampedItem(id: UUID(), title: title, addedAt: Date())])
        }
        .store(in: &cancellables)
    }
}

/// Notes the time of each tap with `Date()` and nothing else: deterministic on the scenario's clock.
@MainActor
final class TapLogViewModel {
    struct Input { let tap = PassthroughSubject<Void, Never>() }
    struct Output { let taps = CurrentValueSubject<[Date], Never>([]) }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        input.tap.sink { [weak self] in
            guard let self else { return }
            output.taps.send(output.taps.value + [Date()])
        }
        .store(in: &cancellables)
    }
}

/// Hands out ticket numbers from a counter shared by the whole process, as a `static var` or a singleton does: it
/// outlives the ViewModel, so a second run in the same process starts where the first stopped.
@MainActor
final class TicketsViewModel {
    nonisolated(unsafe) static var issued = 0

    struct Input { let take = PassthroughSubject<Void, Never>() }
    struct Output { let ticket = PassthroughSubject<Int, Never>() }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        input.take.sink { [weak self] in
            Self.issued += 1
            self?.output.ticket.send(Self.issued)
        }
        .store(in: &cancellables)
    }
}

/// Rolls a die with the system's random number generator: another number (almost always) in every run.
@MainActor
final class DiceViewModel {
    struct Input { let roll = PassthroughSubject<Void, Never>() }
    struct Output { let rolled = PassthroughSubject<[Int], Never>() }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        // Twenty rolls: the chance that two runs agree on all of them is 6^-20.
        input.roll.sink { [weak self] in self?.output.rolled.send((0..<20).map { _ in Int.random(in: 1...6) }) }
            .store(in: &cancellables)
    }
}

/// A ViewModel whose catalog entry forgets to bind it: its inputs reach nothing.
@MainActor
final class UnboundViewModel {
    struct Input {
        let load = PassthroughSubject<Void, Never>()
        let refresh = PassthroughSubject<Void, Never>()
    }
    struct Output { let loaded = CurrentValueSubject<Bool, Never>(false) }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        input.load.merge(with: input.refresh).sink { [weak self] in self?.output.loaded.send(true) }
            .store(in: &cancellables)
    }
}

/// Greets a name after asking a service; its catalog entry forgets to bind it too.
protocol GreetingService: AnyObject, Sendable {
    func greeting(for name: String) async throws -> String
}

final class GreetingServiceMock: ScriptedMock, GreetingService, @unchecked Sendable {
    func greeting(for name: String) async throws -> String { try await respond(name) }
}

@MainActor
final class GreeterViewModel {
    struct Input { let name = PassthroughSubject<String, Never>() }
    struct Output { let greeting = CurrentValueSubject<String, Never>("") }

    let input = Input()
    let output = Output()
    private let service: any GreetingService
    private var cancellables: Set<AnyCancellable> = []

    init(service: any GreetingService) {
        self.service = service
    }

    func bind() {
        input.name.sink { [weak self] name in
            Task { @MainActor [weak self] in
                guard let self, let greeting = try? await self.service.greeting(for: name) else { return }
                self.output.greeting.send(greeting)
            }
        }
        .store(in: &cancellables)
    }
}

/// A ViewModel whose ports are subjects on the class; it listens to `refresh` but not to `didTap` (recorded as an
/// output by the runner, which is no listener).
@MainActor
final class HalfListeningViewModel {
    let refresh = PassthroughSubject<Void, Never>()
    let didTap = PassthroughSubject<Void, Never>()
    let count = CurrentValueSubject<Int, Never>(0)
    private var cancellables: Set<AnyCancellable> = []

    init() {
        refresh.sink { [weak self] in self.map { $0.count.send($0.count.value + 1) } }.store(in: &cancellables)
    }
}

/// The catalog of the reproducibility and dead-input tests.
let reproducibilityCatalog = Catalog {
    ViewModelEntry("Stamps") { _ in StampsViewModel() }.bind { $0.bind() }
    ViewModelEntry("TapLog") { _ in TapLogViewModel() }.bind { $0.bind() }
    ViewModelEntry("Tickets") { _ in TicketsViewModel() }.bind { $0.bind() }
    ViewModelEntry("Dice") { _ in DiceViewModel() }.bind { $0.bind() }
    ViewModelEntry("Unbound") { _ in UnboundViewModel() }  // the forgotten `.bind { $0.bind() }`
    ViewModelEntry("Bound") { _ in UnboundViewModel() }.bind { $0.bind() }
    ViewModelEntry("HalfListening") { _ in HalfListeningViewModel() }
    ViewModelEntry("UnboundGreeter") { context in GreeterViewModel(service: GreetingServiceMock(context)) }
}
