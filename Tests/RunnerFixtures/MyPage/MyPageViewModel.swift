// A snapshot of the example app's ViewModel, owned by the runner tests (see FixtureCatalog.swift).
import CombineCompat
import Foundation

/// My Page (seed 002): one enum `Input` sent through one subject, `Output` as a struct of `CurrentValueSubject`s,
/// and `bind()` called by the view when it is ready, never from `init`.
///
/// Navigation is a `Route` value instead of a `UIViewController`: menu index 0 → settings, 1 → run history,
/// 2 → badges, 3 → edit profile (with the current nickname); other indices are logged and ignored.
public final class MyPageViewModel {
    /// `Decodable` so scenarios can send the cases by name (`"send": "menuItemSelected", "value": 3`).
    public enum Input: Decodable {
        case loadData
        case menuItemSelected(Int)
    }

    public enum Route: Equatable {
        case pushSettings
        case pushRunHistory
        case pushBadges
        case pushEditProfile(nickname: String)
    }

    public struct Output {
        /// `false` while loading, `true` once the profile request ended.
        let stopLoading = CurrentValueSubject<Bool, Never>(false)
        let profileDataUpdated = CurrentValueSubject<UserInfoVO, Never>(
            UserInfoVO(nickname: "RunLogger", totalDistance: 0.0, streakCount: 0, logCount: 0)
        )
        let navigateTo = CurrentValueSubject<Route?, Never>(nil)
        let error = PassthroughSubject<Error, Never>()
    }

    let inputSubject = PassthroughSubject<Input, Never>()
    let output = Output()
    private var cancellables = Set<AnyCancellable>()
    private let profileRepository: ProfileRepository
    private let logManager: LogManagerProtocol

    public init(profileRepository: ProfileRepository, logManager: LogManagerProtocol = LogManager.shared) {
        self.profileRepository = profileRepository
        self.logManager = logManager
    }

    // MARK: - Bind (Input -> Output)
    public func bind() {
        inputSubject
            .receive(on: DispatchQueue.main)
            .sink { [weak self] event in
                switch event {
                case .loadData:
                    self?.fetchProfileData()
                case .menuItemSelected(let index):
                    self?.handleMenuSelection(index)
                }
            }
            .store(in: &cancellables)
    }

    private func fetchProfileData() {
        output.stopLoading.send(false)
        Task { @MainActor [weak self] in
            guard let self else { return }
            do {
                let profile = try await self.profileRepository.fetchProfile()
                self.output.profileDataUpdated.send(profile)
            } catch {
                self.output.error.send(error)
            }
            self.output.stopLoading.send(true)
        }
    }

    private func handleMenuSelection(_ index: Int) {
        let route: Route
        switch index {
        case 0: route = .pushSettings
        case 1: route = .pushRunHistory
        case 2: route = .pushBadges
        case 3: route = .pushEditProfile(nickname: output.profileDataUpdated.value.nickname)
        default:
            logManager.log(event: "mypage_unknown_menu", parameters: ["index": String(index)])
            return
        }
        logManager.log(event: "mypage_menu", parameters: ["index": String(index)])
        output.navigateTo.send(route)
    }
}
