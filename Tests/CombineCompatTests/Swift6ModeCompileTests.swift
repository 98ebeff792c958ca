import Testing

/// App code in Swift 6 mode, compiled with the toolchain's `swiftc` against this build's `Combine` module: what an
/// iOS build accepts compiles, and what it rejects for Combine's sake is rejected with the same diagnostic.
///
/// Evidence: Apple's Combine interface (OpenCombine/combine-interfaces, combine.swiftinterface of the iOS 17 SDK)
/// declares `Sendable` only for `Subscribers.Completion` (unconditionally) and `Subscribers.Demand`, and no
/// `@MainActor` or `@preconcurrency`; Apple's documentation lists `Sendable` among the conformances of
/// `DispatchQueue.SchedulerTimeType`, `RunLoop.SchedulerTimeType`, `RunLoop.SchedulerOptions`,
/// `OperationQueue.SchedulerTimeType` and `OperationQueue.SchedulerOptions` (developer.apple.com, "Conforms To").
/// The diagnostics are the compiler's own, so an iOS build with the same Swift prints the same text, except that
/// a conformance warning names the module `CombineCompat` where iOS names `Combine`.
@Suite struct Swift6ModeCompileTests {
    @Test func codeThatIOSAcceptsCompilesWithoutAWarning() throws {
        // Given Swift 6 code written for iOS: its own retroactive Sendable conformances (as GetStream's
        // stream-video-swift declares them, Combine+Sendable.swift), nonisolated(unsafe) for the Combine classes
        // it hands to other threads, the Sendable types of Apple's interface crossing threads unmarked, and each form
        // of Task.sleep (CombineCompat's Task.sleep(for:), a mutation point, must not make one ambiguous)
        let source = #"""
            import Combine
            import Foundation

            extension PassthroughSubject: @retroactive @unchecked Sendable {}
            extension CurrentValueSubject: @retroactive @unchecked Sendable {}
            extension AnyCancellable: @retroactive @unchecked Sendable {}
            extension AnyPublisher: @retroactive @unchecked Sendable where Output: Sendable, Failure: Sendable {}
            extension Published.Publisher: @retroactive @unchecked Sendable where Value: Sendable {}

            struct Delivery: Sendable {
                let completion: Subscribers.Completion<URLError>
                let demand: Subscribers.Demand
                let queueTime: DispatchQueue.SchedulerTimeType
                let queueStride: DispatchQueue.SchedulerTimeType.Stride
                let runLoopTime: RunLoop.SchedulerTimeType
                let runLoopStride: RunLoop.SchedulerTimeType.Stride
                let runLoopOptions: RunLoop.SchedulerOptions
                let operationTime: OperationQueue.SchedulerTimeType
                let operationStride: OperationQueue.SchedulerTimeType.Stride
                let operationOptions: OperationQueue.SchedulerOptions
            }

            final class Relay: Sendable {
                let subject = PassthroughSubject<Int, Never>()
                let state = CurrentValueSubject<String, Never>("")
                let cancellable = AnyCancellable {}
                let values: AnyPublisher<Int, Never> = Just(1).eraseToAnyPublisher()
            }

            final class Counter: ObservableObject {
                @Published var count = 0
            }

            @MainActor final class ViewModel {
                let counter = Counter()
                private var cancellables = Set<AnyCancellable>()
                nonisolated(unsafe) static var shared: ViewModel?

                func bind(_ relay: Relay) {
                    relay.subject
                        .receive(on: DispatchQueue.main)
                        .sink { [counter] in counter.count = $0 }
                        .store(in: &cancellables)
                    let subject = relay.subject
                    DispatchQueue.global().async { subject.send(1) }
                    let cancellable = relay.cancellable
                    Task.detached { cancellable.cancel() }
                }

                func wait() async {
                    nonisolated(unsafe) let future = Future<Int, Never> { $0(.success(1)) }
                    let value = await Task.detached { await future.value }.value
                    nonisolated(unsafe) let timer = Timer.publish(every: 1, on: .main, in: .common)
                    nonisolated(unsafe) let willChange = counter.objectWillChange
                    DispatchQueue.global().async { _ = (timer, willChange, value) }
                }

                func pause() async throws {
                    try await Task.sleep(for: .milliseconds(300))
                    try await Task.sleep(for: .seconds(1), tolerance: .zero)
                    try await Task.sleep(nanoseconds: 1_000)
                    try await Task.sleep(until: .now + .seconds(1), clock: .continuous)
                }
            }

            func report(_ completion: Subscribers.Completion<URLError>, _ demand: Subscribers.Demand) {
                DispatchQueue.global().async { print(completion, demand) }
            }
            """#
        // When it is compiled with warnings as errors
        let errors = try SwiftCompiler.errors(compiling: source, warningsAsErrors: true)
        // Then nothing is reported: no "already stated in the type's module" conformance, no unnecessary
        // nonisolated(unsafe)
        #expect(errors == [])
    }

    @Test func aCombineClassInASendableTypeOrASendableClosureIsRejected() throws {
        // Given a Sendable class storing a subject, a Sendable struct storing each Combine type that Apple's
        // interface leaves non-Sendable, and an AnyCancellable captured in a @Sendable closure
        let source = #"""
            import Combine
            import Dispatch
            import Foundation

            final class Store: Sendable {
                let changes = PassthroughSubject<Int, Never>()
            }

            struct Holder: Sendable {
                let cancellable: AnyCancellable
                let currentValue: CurrentValueSubject<Int, Never>
                let future: Future<Int, Never>
                let objectWillChange: ObservableObjectPublisher
                let published: Published<Int>
                let identifier: CombineIdentifier
                let immediate: ImmediateScheduler
                let immediateTime: ImmediateScheduler.SchedulerTimeType
                let immediateStride: ImmediateScheduler.SchedulerTimeType.Stride
                let timer: Timer.TimerPublisher
                let share: Publishers.Share<Just<Int>>
                let autoconnect: Publishers.Autoconnect<Timer.TimerPublisher>
                let multicast: Publishers.Multicast<Just<Int>, PassthroughSubject<Int, Never>>
                let sink: Subscribers.Sink<Int, Never>
                let assign: Subscribers.Assign<Store, Int>
                let prefetch: Publishers.PrefetchStrategy
                let erased: AnyPublisher<Int, Never>
            }

            func cancelLater(_ cancellable: AnyCancellable) {
                DispatchQueue.global().async { cancellable.cancel() }
            }
            """#
        // When it is compiled
        let errors = try SwiftCompiler.errors(compiling: source)
        // Then each is an error
        let holder = "of 'Sendable'-conforming struct 'Holder' has non-Sendable type"
        #expect(
            errors == [
                "6: stored property 'changes' of 'Sendable'-conforming class 'Store' has non-Sendable type "
                    + "'PassthroughSubject<Int, Never>'",
                "10: stored property 'cancellable' \(holder) 'AnyCancellable'",
                "11: stored property 'currentValue' \(holder) 'CurrentValueSubject<Int, Never>'",
                "12: stored property 'future' \(holder) 'Future<Int, Never>'",
                "13: stored property 'objectWillChange' \(holder) 'ObservableObjectPublisher'",
                "14: stored property 'published' \(holder) 'Published<Int>'",
                "15: stored property 'identifier' \(holder) 'CombineIdentifier'",
                "16: stored property 'immediate' \(holder) 'ImmediateScheduler'",
                "17: stored property 'immediateTime' \(holder) 'ImmediateScheduler.SchedulerTimeType'",
                "18: stored property 'immediateStride' \(holder) 'ImmediateScheduler.SchedulerTimeType.Stride'",
                "19: stored property 'timer' \(holder) 'Timer.TimerPublisher'",
                "20: stored property 'share' \(holder) 'Publishers.Share<Just<Int>>'",
                "21: stored property 'autoconnect' \(holder) 'Publishers.Autoconnect<Timer.TimerPublisher>'",
                "22: stored property 'multicast' \(holder) "
                    + "'Publishers.Multicast<Just<Int>, PassthroughSubject<Int, Never>>'",
                "23: stored property 'sink' \(holder) 'Subscribers.Sink<Int, Never>'",
                "24: stored property 'assign' \(holder) 'Subscribers.Assign<Store, Int>'",
                "25: stored property 'prefetch' \(holder) 'Publishers.PrefetchStrategy'",
                "26: stored property 'erased' \(holder) 'AnyPublisher<Int, Never>'",
                "30: capture of 'cancellable' with non-Sendable type 'AnyCancellable' in a '@Sendable' closure "
                    + "[#SendableClosureCaptures]",
            ])
    }

    @Test func aSubjectSentFromTheMainActorToAnActorIsRejected() throws {
        // Given a @MainActor ViewModel handing its subject, its @Published publisher and a cancellable to an actor
        let source = #"""
            import Combine

            actor Recorder {
                func keep(_ subject: PassthroughSubject<Int, Never>) {}
                func watch(_ values: Published<Int>.Publisher) {}
                func hold(_ cancellable: AnyCancellable) {}
            }

            @MainActor final class ViewModel: ObservableObject {
                @Published var count = 0
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder()
                var cancellable: AnyCancellable?

                func hand() async {
                    await recorder.keep(subject)
                }

                func watch() async {
                    await recorder.watch($count)
                }

                func hold() async {
                    if let cancellable { await recorder.hold(cancellable) }
                }
            }
            """#
        // When it is compiled
        let errors = try SwiftCompiler.errors(compiling: source)
        // Then each hand-over is a data race the region checker reports
        #expect(
            errors == [
                "16: sending 'self.subject' risks causing data races [#SendingRisksDataRace]",
                "20: sending 'self.$count' risks causing data races [#SendingRisksDataRace]",
                "24: sending 'cancellable' risks causing data races [#SendingRisksDataRace]",
            ])
    }
}
