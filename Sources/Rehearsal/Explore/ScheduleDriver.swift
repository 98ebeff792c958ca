import ScenarioJSON
import VirtualTime

/// Controls one run for an explorer: asks its ``ScheduleSource`` at every choice point (the order of same-instant
/// work, a response's latency within its jitter, a step before same-instant work) and records what was taken, so
/// the run's replay token and the latencies it used are known afterwards.
package final class ScheduleDriver: RunControl, @unchecked Sendable {
    private(set) var source: any ScheduleSource
    private let defaultJitter: ScenarioDuration
    /// Every choice point the run met, in order.
    package private(set) var trace: [ScheduleChoice] = []
    /// The latency each answer got where a jitter window was open, in the order the calls were answered.
    package private(set) var latencies: [LatencyChoice] = []
    /// The scripted responses with uses left (nil: a `"repeat": true` response no call used).
    package private(set) var unusedResponses: [(key: String, index: Int, usesLeft: Int?)] = []
    private var orderSteps = 0

    /// The latency a response (or stream element) got in a run.
    package struct LatencyChoice: Equatable, Sendable {
        /// The response's pointer (`/mocks/Type.method/2`).
        package var response: JSONPointer
        /// Which call of those the response answers (from 0).
        package var use: Int
        /// The stream element, for a stream.
        package var element: Int?
        /// Its scripted latency.
        package var scripted: ScenarioDuration
        /// The latency it got.
        package var chosen: ScenarioDuration
    }

    /// A driver taking its choices from `source`; responses jitter by `scenario.explore.jitter` unless they say.
    package init(source: any ScheduleSource, scenario: Scenario) {
        self.source = source
        defaultJitter = scenario.explore.jitter
    }

    /// The non-default choices of the run, as a token's deviations.
    package var deviations: [ScheduleToken.Deviation] {
        trace.enumerated().compactMap { position, choice in
            choice.chosen == 0 ? nil : ScheduleToken.Deviation(position: position, option: choice.chosen)
        }
    }

    /// How many `order` choice points the run met.
    package var orderChoiceCount: Int { orderSteps }

    /// Whether a replayed choice could not be taken (the run went elsewhere).
    package var diverged: Bool { (source as? ReplaySource)?.diverged ?? false }

    /// The first replayed choice whose point does not have the option (see ``ReplaySource/Misfit``).
    package var replayMisfit: ReplaySource.Misfit? { (source as? ReplaySource)?.misfit }

    package func schedulingPolicy() -> any SchedulingPolicy {
        ExplorationPolicy(driver: self, wantsThreads: source.wantsThreads)
    }

    /// Takes a choice among `options` (2 or more) of `kind`.
    func choose(_ kind: ScheduleChoice.Kind, options: Int, threads: [ScheduleThread] = []) -> Int {
        let point = ChoicePoint(
            kind: kind, position: trace.count, options: options, orderStep: orderSteps, threads: threads)
        let chosen = source.choose(point)
        precondition(chosen >= 0 && chosen < options, "a schedule source chose \(chosen) of \(options)")
        trace.append(ScheduleChoice(kind: kind, options: options, chosen: chosen))
        if kind == .order { orderSteps += 1 }
        return chosen
    }

    package func latency(
        of response: MockResponse, use: Int, element: Int?, scripted: ScenarioDuration
    ) -> ScenarioDuration {
        let window = response.jitter ?? defaultJitter
        guard window > .zero else { return scripted }
        let options = Self.latencyOptions(scripted: scripted, jitter: window)
        let chosen = options[choose(.latency, options: options.count)]
        latencies.append(
            LatencyChoice(response: response.pointer, use: use, element: element, scripted: scripted, chosen: chosen))
        return chosen
    }

    /// The latencies a jitter window opens, the scripted one first: `after`, `after ∓ jitter/2`, `after ∓ jitter`
    /// (never below zero, each once).
    package static func latencyOptions(scripted: ScenarioDuration, jitter: ScenarioDuration) -> [ScenarioDuration] {
        let half = jitter.nanoseconds / 2
        var options: [ScenarioDuration] = []
        for offset in [0, -half, half, -jitter.nanoseconds, jitter.nanoseconds] {
            let (sum, overflow) = scripted.nanoseconds.addingReportingOverflow(offset)
            let value = ScenarioDuration(nanoseconds: overflow ? Int64.max : max(0, sum))
            if !options.contains(value) { options.append(value) }
        }
        return options
    }

    package func deliversEarly(_ step: Step) -> Bool {
        choose(.step, options: 2) == 1
    }

    package func runEnded(unused: [(key: String, index: Int, usesLeft: Int?)]) {
        unusedResponses = unused
    }
}

/// The timeline's policy during an explored run: the default order, except at choice points, where the driver's
/// source picks among the work that could realistically run next.
///
/// What may run next: any task job of the concurrent lane (tasks run in parallel on a device), the first dispatch
/// block of that lane (a serial queue's blocks keep their order), the head of the main lane (the main thread is one
/// first-in-first-out queue), and every timer due now. The default policy's choice is option 0; the others follow in
/// the order of the runnable set.
struct ExplorationPolicy: SchedulingPolicy {
    private var base = DefaultSchedulingPolicy()
    let driver: ScheduleDriver
    let wantsThreads: Bool

    init(driver: ScheduleDriver, wantsThreads: Bool) {
        self.driver = driver
        self.wantsThreads = wantsThreads
    }

    mutating func choose(from runnable: RunnableSet) -> Int {
        let preferred = base.choose(from: runnable)
        let count = runnable.count
        guard count > 1 else { return preferred }
        var options = [preferred]
        var firstBlockSeen = false
        for index in 0..<runnable.concurrentCount {
            let isTask = runnable.laneWork(at: index).task != nil
            if !isTask {
                if firstBlockSeen { continue }
                firstBlockSeen = true
            }
            if index != preferred { options.append(index) }
        }
        if runnable.mainCount > 0, runnable.concurrentCount != preferred { options.append(runnable.concurrentCount) }
        for index in runnable.laneCount..<count where index != preferred { options.append(index) }
        guard options.count > 1 else { return preferred }
        var threads: [ScheduleThread] = []
        if wantsThreads {
            let all = runnable.all
            threads = options.map { index in
                let work = all[index]
                switch work.lane {
                case .concurrent: return work.task.map(ScheduleThread.task) ?? .dispatch
                case .main: return .main
                case .timer: return .timer(sequence: work.sequence)
                }
            }
        }
        return options[driver.choose(.order, options: options.count, threads: threads)]
    }
}
