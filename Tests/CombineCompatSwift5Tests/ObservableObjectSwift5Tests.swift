import CombineCompat
import Testing

// Swift 5 language mode: the way most iOS ViewModels are compiled today.

class BaseViewModel: ObservableObject {
    var cancellables = Set<AnyCancellable>()
    @Published var isLoading = false
}

final class ContributorsViewModel: BaseViewModel {
    struct Input {
        let load = PassthroughSubject<Void, Never>()
    }
    struct Output {
        let items = CurrentValueSubject<[String], Never>([])
        let route = PassthroughSubject<String, Never>()
    }

    let input = Input()
    let output = Output()
    @Published var title = ""

    func bind() {
        input.load
            .sink { [weak self] in
                self?.isLoading = true
                self?.output.items.send(["Kim"])
                self?.title = "Contributors"
                self?.isLoading = false
            }
            .store(in: &cancellables)
        Just("detail").subscribe(output.route).store(in: &cancellables)
    }
}

struct ObservableObjectSwift5Tests {
    @Test func baseViewModelSubclassPublishesThroughEveryLayer() {
        let viewModel = ContributorsViewModel()
        var log: [String] = []
        let changes = viewModel.objectWillChange.sink { log.append("change") }
        let items = viewModel.output.items.sink { log.append("items \($0)") }
        viewModel.bind()
        viewModel.input.load.send()
        #expect(log == ["items []", "change", "items [\"Kim\"]", "change", "change"])
        withExtendedLifetime((changes, items)) {}
    }

    @Test func valuesBridgeCompilesInSwift5Mode() async {
        var collected: [Int] = []
        for await value in [1, 2].publisher.values {
            collected.append(value)
        }
        #expect(collected == [1, 2])
    }
}
