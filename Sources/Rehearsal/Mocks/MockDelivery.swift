import VirtualTime

/// Where a scripted mock delivers an answer that comes later: a publisher's values and completion, a completion
/// handler's call, a `Future`'s result.
///
/// On a phone, a service answers on a thread of its own: a `URLSession`-backed repository calls back on a background
/// queue, one that ends in `receive(on: DispatchQueue.main)` (or is `@MainActor`) on the main thread. A mock answers
/// where the call was made unless told otherwise, so a ViewModel calling from the main thread gets its answer there:
///
/// ```swift
/// SearchRepositoryMock(context, delivery: .background)   // every answer of this mock off the main thread
/// ```
/// or, for one scripted response, `{"after": "300ms", "deliver": "background", "return": …}` (`"main"` for the main
/// thread). Async methods (`await respond(…)`) and async streams resume their caller where it awaits, whatever is
/// set here, as Swift concurrency does on a phone.
public enum MockDelivery: String, Sendable, CaseIterable {
    /// Where the call was made: main-thread work gets its answer on the main thread (the default).
    case caller
    /// On the main thread, wherever the call was made: a `@MainActor` service, or one that ends in
    /// `receive(on: DispatchQueue.main)`.
    case main
    /// Off the main thread, from the answer's own task, as a `URLSession`-backed repository answers: a ViewModel that
    /// forgets `receive(on: DispatchQueue.main)` then emits off the main thread, which the run reports.
    case background

    /// Whether the answer goes to the main thread, for a call made on it (`callerIsMain`) or not.
    func deliversOnMain(callerIsMain: Bool) -> Bool {
        switch self {
        case .caller: callerIsMain
        case .main: true
        case .background: false
        }
    }

    /// Runs `body` where the answer goes: on the main thread (`onMain`) as main-lane work (after what the main lane
    /// has queued, as `DispatchQueue.main.sync` would), else where the answer's task runs, off the main thread.
    static func run(onMain: Bool, on timeline: VirtualEventLoop, _ body: () -> Void) {
        if onMain {
            timeline.runOnMainThread(body)
        } else {
            body()
        }
    }
}
