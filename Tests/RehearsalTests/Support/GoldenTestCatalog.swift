import CombineCompat
import Foundation
import Rehearsal
import VirtualTime

/// A person, as the fixture repository returns them.
struct Person: Codable, Equatable {
    let id: Int
    let name: String
}

/// The fixture repository's error.
struct PeopleError: Error, Codable, Equatable {
    let code: String
}

/// The fixture repository.
protocol PeopleRepository: Sendable {
    func fetchPeople(page: Int) async -> Result<[Person], PeopleError>
}

final class PeopleRepositoryMock: ScriptedMock, PeopleRepository, @unchecked Sendable {
    func fetchPeople(page: Int) async -> Result<[Person], PeopleError> {
        await respond(page)
    }
}

/// Holds a continuation nobody resumes, so that a task waits on something no virtual event resumes.
final class ParkedContinuation: @unchecked Sendable {
    var continuation: CheckedContinuation<Void, Never>?
}

/// A small ViewModel for the golden and end-check tests: `load` fetches a page; `refreshLater` delivers a
/// refresh 5 s later on the scenario's scheduler; `nap` sleeps 10 s on the virtual clock; `hang` waits on a
/// continuation that is never resumed. Everything captures `self` weakly.
@MainActor
final class PeopleViewModel {
    struct Input {
        let load = PassthroughSubject<Int, Never>()
        let refreshLater = PassthroughSubject<Void, Never>()
        let nap = PassthroughSubject<Void, Never>()
        let hang = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let people = PassthroughSubject<[Person], Never>()
        let error = PassthroughSubject<String, Never>()
        let refreshed = PassthroughSubject<Void, Never>()
    }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []
    private let repository: PeopleRepository
    private let clock: VirtualClock
    private let scheduler: VirtualScheduler

    init(repository: PeopleRepository, clock: VirtualClock, scheduler: VirtualScheduler) {
        self.repository = repository
        self.clock = clock
        self.scheduler = scheduler
    }

    func bind() {
        input.load.sink { [weak self] page in self?.load(page) }.store(in: &cancellables)
        input.refreshLater
            .delay(for: .seconds(5), scheduler: scheduler)
            .sink { [weak self] in self?.output.refreshed.send() }
            .store(in: &cancellables)
        input.nap.sink { [weak self] in self?.nap() }.store(in: &cancellables)
        input.hang.sink { Self.hang() }.store(in: &cancellables)
    }

    private func load(_ page: Int) {
        let repository = self.repository
        Task { [weak self] in
            let result = await repository.fetchPeople(page: page)
            switch result {
            case .success(let people): self?.output.people.send(people)
            case .failure(let error): self?.output.error.send(error.code)
            }
        }
    }

    private func nap() {
        let clock = self.clock
        Task { [weak self] in
            try? await clock.sleep(for: .seconds(10))
            self?.output.refreshed.send()
        }
    }

    private static func hang() {
        let parked = ParkedContinuation()
        Task {
            await withCheckedContinuation { parked.continuation = $0 }
        }
    }
}

/// A ViewModel with a retain cycle: its subscription captures `self` strongly and is stored in `self`.
@MainActor
final class LeakyViewModel {
    struct Input {
        let tap = PassthroughSubject<Void, Never>()
    }

    struct Output {
        let count = CurrentValueSubject<Int, Never>(0)
    }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    func bind() {
        input.tap.sink { self.output.count.send(self.output.count.value + 1) }.store(in: &cancellables)
    }
}

/// The catalog the golden and end-check tests run against.
let goldenTestCatalog = Catalog {
    ViewModelEntry("People") { context in
        PeopleViewModel(repository: PeopleRepositoryMock(context), clock: context.clock, scheduler: context.scheduler)
    }
    .bind { $0.bind() }
    ViewModelEntry("Leaky") { _ in LeakyViewModel() }
        .bind { $0.bind() }
}
