import CombineCompat
import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// A repository whose async methods cannot fail, as `rehearsal init` writes its mock: `try? await respond() as
/// Void` and `(try? await respond()) ?? fallback` (docs/mocks-and-ports.md): a `"return"` answers after its
/// `after`; a `"throw"` (which such a method cannot give) yields the fallback.
private protocol SessionService {
    func unreadCount() async -> Int
    func signOut() async
}

private final class SessionServiceMock: ScriptedMock, SessionService {
    func unreadCount() async -> Int { (try? await respond()) ?? 0 }
    func signOut() async { try? await respond() as Void }
}

@MainActor private final class SessionViewModel {
    let refresh = PassthroughSubject<Void, Never>()
    let leave = PassthroughSubject<Void, Never>()
    @Published private(set) var unread = -1
    @Published private(set) var signedOut = false
    private var cancellables = Set<AnyCancellable>()

    init(service: SessionService) {
        nonisolated(unsafe) let service = service
        refresh.sink { [weak self] in
            Task { @MainActor in self?.unread = await service.unreadCount() }
        }.store(in: &cancellables)
        leave.sink { [weak self] in
            Task { @MainActor in
                await service.signOut()
                self?.signedOut = true
            }
        }.store(in: &cancellables)
    }
}

@Suite struct NonThrowingAsyncMockTests {
    static let catalog = Catalog {
        ViewModelEntry("Session") { context in SessionViewModel(service: SessionServiceMock(context)) }
    }

    @Test func theirAnswersArriveAfterTheirDelayAndAThrowGivesTheFallback() throws {
        let outcome = try runInline(
            """
            {
              "viewModel": "Session",
              "mocks": {
                "SessionService.unreadCount": [{"after": "200ms", "return": 3}, {"after": "100ms", "throw": {}}],
                "SessionService.signOut": [{"after": "50ms", "return": null}]
              },
              "steps": [{"send": "refresh"}, {"at": "1s", "send": "refresh"}, {"at": "2s", "send": "leave"}]
            }
            """, catalog: Self.catalog)
        #expect(outcome.findings.map(\.diagnostic.message) == [])
        let states = outcome.timeline?.events.compactMap { event -> String? in
            guard case .state(let name, let value) = event.kind else { return nil }
            return "\(event.at) \(name) \(value.map { JSONWriter(style: .compact).string($0) } ?? "-")"
        }
        #expect(
            states == [
                "0.000s unread -1", "0.000s signedOut false", "0.200s unread 3", "1.100s unread 0",
                "2.050s signedOut true",
            ])
    }
}
