import Dispatch
import Foundation
import VirtualTime

/// A requirement that is not isolated, met by a `@MainActor` method: calling it through the protocol runs the Swift 6
/// dynamic isolation check ("data race detected: @MainActor function … was not called on the main thread").
protocol Presenting: AnyObject {
    func present(_ what: String)
}

/// A navigator as a Swift 6-mode app writes one: MainActor-isolated, conforming with `@preconcurrency`.
@MainActor
final class MainActorNavigator: @preconcurrency Presenting {
    let log: EventLog

    init(log: EventLog) { self.log = log }

    func present(_ what: String) {
        MainActor.assertIsolated()
        log.add("presented \(what)")
    }
}

/// What main-thread checks say in each kind of work a scenario runs, as one log: the harness's own step, a
/// `DispatchQueue.main` block and a MainActor task must see the main thread as a phone's main-queue work does
/// (`Thread.isMainThread`, `OperationQueue.current`, `dispatchPrecondition`, `MainActor.assumeIsolated`, the dynamic
/// isolation check of a `@MainActor` witness); a detached task and a global-queue block must not.
enum MainThreadProbe {
    static func run() throws -> [String] {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let navigator = MainActor.assumeIsolated { MainActorNavigator(log: log) }
            let presenting: any Presenting = navigator
            nonisolated(unsafe) let unchecked = presenting
            log.add("step: " + describe())
            DispatchQueue.main.async {
                dispatchPrecondition(condition: .onQueue(.main))
                log.add("main block: " + describe())
                unchecked.present("from a main block")
            }
            Task { @MainActor in
                log.add("MainActor task: " + describe())
            }
            Task.detached {
                dispatchPrecondition(condition: .notOnQueue(.main))
                log.add("detached task: " + describe())
            }
            DispatchQueue.global().async {
                log.add("global block: " + describe())
            }
            try timeline.run()
        }
        return log.lines
    }

    /// `main` and `OperationQueue.main` when main-thread work sees itself on the main thread, `background` otherwise.
    private static func describe() -> String {
        let main = Thread.isMainThread
        let queue = OperationQueue.current === OperationQueue.main
        guard main == queue else { return "Thread.isMainThread \(main), OperationQueue.current is main \(queue)" }
        guard main else { return "background" }
        return MainActor.assumeIsolated { "main" }
    }

    /// The log every run must give, whichever thread drives the scenario.
    static let expected = [
        "0.000s step: main",
        "0.000s detached task: background",
        "0.000s global block: background",
        "0.000s main block: main",
        "0.000s presented from a main block",
        "0.000s MainActor task: main",
    ]
}
