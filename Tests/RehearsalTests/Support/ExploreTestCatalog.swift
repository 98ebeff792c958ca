import CombineCompat
import Rehearsal
import VirtualTime

/// What the alarm's repository answers: whether the alarm may ring.
protocol AlarmRepository: Sendable {
    func permission() async throws -> Bool
}

final class AlarmRepositoryMock: ScriptedMock, AlarmRepository, @unchecked Sendable {
    func permission() async throws -> Bool {
        try await respond()
    }
}

/// A ViewModel with a race between its own timer and a step, which no latency decides: the alarm goes off 100ms after
/// `arm` on the scenario's scheduler, and rings (`rang` true) unless `disarm` came first (`rang` false), so a
/// `disarm` due at the same instant as the alarm is a tie that only the order of same-instant work settles. `ask` asks the repository for permission and shows the
/// answer (a response the race does not need, for the shrinker to remove).
@MainActor
final class AlarmViewModel {
    struct Input {
        let arm = PassthroughSubject<Void, Never>()
        let disarm = PassthroughSubject<Void, Never>()
        let ask = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let rang = PassthroughSubject<Bool, Never>()
        let allowed = PassthroughSubject<Bool, Never>()
    }

    let input = Input()
    let output = Output()
    private var disarmed = false
    private var cancellables: Set<AnyCancellable> = []
    private let repository: AlarmRepository
    private let scheduler: VirtualScheduler

    init(repository: AlarmRepository, scheduler: VirtualScheduler) {
        self.repository = repository
        self.scheduler = scheduler
    }

    func bind() {
        input.arm
            .delay(for: .milliseconds(100), scheduler: scheduler)
            .sink { [weak self] in
                guard let self else { return }
                self.output.rang.send(!self.disarmed)
            }
            .store(in: &cancellables)
        input.disarm.sink { [weak self] in self?.disarmed = true }.store(in: &cancellables)
        input.ask.sink { [weak self] in self?.ask() }.store(in: &cancellables)
    }

    private func ask() {
        let repository = self.repository
        Task { [weak self] in
            let allowed = (try? await repository.permission()) ?? false
            self?.output.allowed.send(allowed)
        }
    }
}

/// The catalog of the shrinker's tests.
let exploreTestCatalog = Catalog {
    ViewModelEntry("Alarm") { context in
        AlarmViewModel(repository: AlarmRepositoryMock(context), scheduler: context.scheduler)
    }
    .bind { $0.bind() }
}
