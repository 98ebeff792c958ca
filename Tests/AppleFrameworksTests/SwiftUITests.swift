import SwiftUI
import Testing

/// A ViewModel file that imports SwiftUI for values only, as many do: `ObservableObject` and `@Published` come with
/// it (SwiftUI re-exports Combine on iOS), and so do `@Observable`, `@MainActor`, `CGFloat` and `withAnimation`.
@MainActor
final class CounterViewModel: ObservableObject {
    @Published private(set) var count = 0
    @Published var accent: Color = .blue
    let icon = Image(systemName: "plus.circle")
    var spacing: CGFloat = 8

    func increment() {
        withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) { count += 1 }
    }

    var title: LocalizedStringKey { "\(count) taps" }
}

@Observable final class SettingsModel {
    var isOn = false
}

/// SwiftUI's values as Apple documents them: `withAnimation(_:_:)` "Returns the result of recomputing the view's
/// body with the provided animation" — here it runs the closure at once and returns its result; `Binding` reads and
/// writes through its closures (`init(get:set:)`), `.constant` ignores writes, and `$binding.member` is a binding to
/// a member; `LocalizedStringKey` keys an interpolation by format specifiers (`%@`, `%lld`).
struct SwiftUITests {
    @MainActor
    @Test func aViewModelImportingSwiftUIPublishesItsState() {
        let viewModel = CounterViewModel()
        var counts: [Int] = []
        let subscription = viewModel.$count.sink { counts.append($0) }
        viewModel.increment()
        viewModel.increment()
        #expect(counts == [0, 1, 2])
        var taps = LocalizedStringKey.StringInterpolation(literalCapacity: 5, interpolationCount: 1)
        taps.appendInterpolation(2)
        taps.appendLiteral(" taps")
        #expect(viewModel.title == LocalizedStringKey(stringInterpolation: taps))
        #expect(viewModel.title != "2 taps")
        subscription.cancel()
    }

    @Test func withAnimationRunsItsClosureAtOnceAndReturnsItsResult() {
        var ran = false
        let result = withAnimation(.easeInOut(duration: 0.25)) { () -> Int in
            ran = true
            return 42
        }
        #expect(ran)
        #expect(result == 42)
    }

    @Test func bindingsReadAndWriteThroughTheirClosures() {
        struct Settings { var isOn = false; var volume = 3 }
        var settings = Settings()
        let binding = Binding(get: { settings }, set: { settings = $0 })
        let volume = binding.volume
        volume.wrappedValue = 7
        #expect(settings.volume == 7)
        #expect(binding.wrappedValue.volume == 7)
        let constant = Binding.constant(1)
        constant.wrappedValue = 2
        #expect(constant.wrappedValue == 1)
        let optional = Binding<Int?>(volume)
        #expect(optional.wrappedValue == 7)
        #expect(Binding<Int>(Binding<Int?>.constant(nil)) == nil)
    }

    @Test func localizedStringKeysAreTheirFormatAndArguments() {
        let name = "Kim"
        let key: LocalizedStringKey = "Hello, \(name)! You have \(3) new messages at 100%"
        #expect(key == LocalizedStringKey(stringInterpolation: Self.interpolation(name)))
        #expect(key != "Hello, Kim! You have 3 new messages at 100%")
        #expect(LocalizedStringKey("welcome") == "welcome")
    }

    static func interpolation(_ name: String) -> LocalizedStringKey.StringInterpolation {
        var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: 2)
        interpolation.appendLiteral("Hello, ")
        interpolation.appendInterpolation(name)
        interpolation.appendLiteral("! You have ")
        interpolation.appendInterpolation(3)
        interpolation.appendLiteral(" new messages at 100%")
        return interpolation
    }

    @Test func coloursAndImagesAreValues() {
        #expect(Color.red == .red)
        #expect(Color.red != Color(red: 1, green: 0, blue: 0))
        #expect(Color(uiColor: .systemBlue).description == "Color(uiColor: UIColor.systemBlue)")
        #expect(Image(systemName: "star") == Image(systemName: "star"))
        #expect(Image("logo").renderingMode(.template).description == #"Image("logo").renderingMode(.template)"#)
    }

    @Test func observationComesWithSwiftUI() {
        final class Flag: @unchecked Sendable { var raised = false }
        let model = SettingsModel()
        let changed = Flag()
        withObservationTracking {
            _ = model.isOn
        } onChange: {
            changed.raised = true
        }
        model.isOn = true
        #expect(changed.raised)
    }
}
