import ExampleCatalog
import Foundation
import Rehearsal
import RehearsalCLI
import ScenarioJSON

/// `runner.split.*`: where one scenario's cost goes in-process (``CLISplit/scenario``, 2,000 times, mean µs each):
/// loading the file, building the ViewModel through the catalog (with the run's timeline, recorder and mock
/// engine), playing the steps, the end checks, reading and comparing the golden, the outcome sent as a worker's
/// message and read back, and its console text. The phases of the run itself are timed by ``RunPhases``.
enum RunnerSplit {
    static func run(root: String) throws {
        let path = CLISplit.scenario
        let loader = ScenarioLoader(root: root)
        var runner = ScenarioRunner(catalog: exampleCatalog, loader: loader)
        let phases = RunPhases()
        runner.phases = phases
        let check = GoldenCheck(store: GoldenStore(root: root), mode: .never)
        let rounds = 2_000
        var load = 0.0
        var golden = 0.0
        var message = 0.0
        var text = 0.0
        for _ in 0..<rounds {
            var loaded: Scenario?
            load += try measureSeconds { loaded = try loader.load(path) }
            guard let loaded else { throw RunnerBench.BenchError.invalid(path, "it did not load") }
            let outcome = runner.run(loaded, path: PathName(path))
            var checked = outcome
            golden += measureSeconds { checked = check.check(outcome) }
            guard checked.status == .passed else { throw RunnerBench.BenchError.invalid(path, checked.text) }
            message += try measureSeconds {
                let line = try WorkerLine.encode(WorkerMessage.finished(checked))
                _ = try WorkerLine.decode(WorkerMessage.self, from: line)
            }
            text += measureSeconds { _ = checked.text }
        }
        let mean = { (seconds: Double) in seconds / Double(rounds) * 1e6 }
        let phase = { (nanoseconds: Int64) in Double(nanoseconds) / Double(max(phases.runs, 1)) / 1e3 }
        report("runner.split.load_us", mean(load), "us")
        report("runner.split.catalog_build_us", phase(phases.buildNanoseconds), "us")
        report("runner.split.play_us", phase(phases.playNanoseconds), "us")
        report("runner.split.end_checks_us", phase(phases.checkNanoseconds), "us")
        report("runner.split.golden_compare_us", mean(golden), "us")
        report("runner.split.worker_message_us", mean(message), "us")
        report("runner.split.report_us", mean(text), "us")
    }
}
