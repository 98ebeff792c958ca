#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Publisher {
    /// Raises a debugger signal (`SIGTRAP`) when a provided closure returns `true`, and otherwise republishes
    /// every event unchanged.
    ///
    /// Without a debugger attached, `SIGTRAP` ends the process, as on a device: in a scenario, the worker reports a
    /// crash of that scenario. Demand passes straight through.
    ///
    ///     let publisher = PassthroughSubject<String?, Never>()
    ///     cancellable = publisher
    ///         .breakpoint(receiveOutput: { value in value == "DEBUGGER" })
    ///         .sink { print("\(String(describing: $0))", terminator: " ") }
    ///
    ///     publisher.send("DEBUGGER")    // stops in the debugger
    ///
    /// - Parameters:
    ///   - receiveSubscription: Returns `true` to stop when the subscription arrives.
    ///   - receiveOutput: Returns `true` to stop on a value.
    ///   - receiveCompletion: Returns `true` to stop on the completion.
    public func breakpoint(
        receiveSubscription: ((Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Raises a debugger signal (`SIGTRAP`) upon receiving a failure; values and `finished` pass through.
    ///
    ///     cancellable = repository.fetch()
    ///         .breakpointOnError()
    ///         .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self,
            receiveCompletion: { completion in
                if case .failure = completion { return true }
                return false
            })
    }
}

extension Publishers {
    /// A publisher that raises a debugger signal when a provided closure needs to stop the process in the debugger.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// A closure that executes when the publisher receives a subscription; `true` stops in the debugger.
        public let receiveSubscription: ((Subscription) -> Bool)?
        /// A closure that executes when the publisher receives a value; `true` stops in the debugger.
        public let receiveOutput: ((Upstream.Output) -> Bool)?
        /// A closure that executes when the publisher receives a completion; `true` stops in the debugger.
        public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

        /// Creates a breakpoint publisher with the provided upstream publisher and breakpoint-raising closures.
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, `breakpoint` keeps no state: the subscriber receives the upstream's own subscription.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(_BreakpointInner(downstream: subscriber, publisher: self))
        }
    }
}

/// The subscriber `breakpoint` puts between its upstream and the downstream ("Breakpoint", no children).
struct _BreakpointInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let publisher: Publishers.Breakpoint<Upstream>

    func receive(subscription: Subscription) {
        if publisher.receiveSubscription?(subscription) == true { _raiseBreakpoint() }
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if publisher.receiveOutput?(input) == true { _raiseBreakpoint() }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if publisher.receiveCompletion?(completion) == true { _raiseBreakpoint() }
        downstream.receive(completion: completion)
    }

    var description: String { "Breakpoint" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

/// Stops in the debugger, as Combine's breakpoint does: `SIGTRAP`, which ends the process when no debugger is
/// attached. Without a debugger the signal's default action is restored first: the Swift runtime's backtracer
/// handles `SIGTRAP` otherwise, prints a crash report and lets the process go on, which no device does.
func _raiseBreakpoint() {
    if !_isBeingTraced() { signal(SIGTRAP, SIG_DFL) }
    raise(SIGTRAP)
}

/// Whether a debugger (a tracer) is attached to this process: the `TracerPid` line of `/proc/self/status`.
private func _isBeingTraced() -> Bool {
    guard let file = fopen("/proc/self/status", "r") else { return false }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("TracerPid:") {
            return text.dropFirst("TracerPid:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" }).first != "0"
        }
    }
    return false
}

#endif
