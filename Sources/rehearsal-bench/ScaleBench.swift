import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// The `scale` suite: costs that must grow linearly with their input. Each row runs at 1,000 and at 8,000 items
/// and prints the time per item at both sizes and their ratio (the target is under 1.5; a quadratic path gives
/// about 8):
///
/// - `file_references`: a scenario whose config holds n `$file` references, validated (load, resolve, check).
/// - `reported_errors`: a scenario with n unknown keys, loaded, each error located and rendered.
/// - `unused_responses`: n scripted responses no call uses, each reported by the end checks and rendered.
/// - `used_responses`: n steps that each make one mock call, answered by n responses in order.
/// - `input_value_elements`: one step sending an array of n 64-byte strings, run, compared with its golden and
///   sent through the worker protocol (encoded and decoded); per element. `scale.input_value_50mb` is the same
///   for one value of 50 MB (800,000 elements), once, in seconds.
enum ScaleBench {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let sizes = [1_000, 8_000]

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-scale-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = Project(root: folder.path)
        try row("file_references", unit: "reference") { try project.fileReferences($0) }
        try row("reported_errors", unit: "error") { try project.reportedErrors($0) }
        try row("unused_responses", unit: "response") { try project.unusedResponses($0) }
        try row("used_responses", unit: "call") { try project.usedResponses($0) }
        try row("input_value_elements", unit: "element") { try project.inputValue(elements: $0) }
        let fifty = try project.inputValue(elements: 800_000)
        report("scale.input_value_50mb", try measureSeconds(fifty), "s")
    }

    /// Prints `scale.<name>_1000`, `scale.<name>_8000` (microseconds per item, best of three) and
    /// `scale.<name>_ratio`. `prepare` returns the measured work for a size (its setup is not timed).
    static func row(_ name: String, unit: String, _ prepare: (Int) throws -> () throws -> Void) throws {
        var perItem: [Double] = []
        for size in sizes {
            let work = try prepare(size)
            try work()  // warm up (and check it works)
            let best = try (0..<3).map { _ in try measureSeconds(work) }.min() ?? 0
            perItem.append(best / Double(size) * 1e6)
            report("scale.\(name)_\(size)", perItem.last ?? 0, "us/\(unit)")
        }
        report("scale.\(name)_ratio", perItem[1] / perItem[0], "x")
    }
}

/// Scenario files for the scale rows, in a scratch project, run against a bench ViewModel.
struct Project {
    let root: String

    var loader: ScenarioLoader { ScenarioLoader(root: root) }
    var runner: ScenarioRunner { ScenarioRunner(catalog: scaleCatalog, loader: loader) }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func fileReferences(_ count: Int) throws -> () throws -> Void {
        for index in 0..<count { try write("Mocks/refs/\(count)/\(index).json", "{\"id\": \(index)}") }
        let references = (0..<count).map { "    {\"$file\": \"Mocks/refs/\(count)/\($0).json\"}" }
        try write(
            "Scenarios/refs-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"config\": {\"items\": [\n"
                + references.joined(separator: ",\n") + "\n  ]},\n  \"steps\": []\n}\n")
        return {
            let findings = runner.validate(file: "Scenarios/refs-\(count).json")
            guard findings.isEmpty else { throw ScaleBench.Failure(description: "\(findings)") }
        }
    }

    func reportedErrors(_ count: Int) throws -> () throws -> Void {
        let keys = (0..<count).map { "  \"unknown\($0)\": \($0)" }
        try write(
            "Scenarios/errors-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n" + keys.joined(separator: ",\n") + "\n}\n")
        return {
            do {
                _ = try loader.load("Scenarios/errors-\(count).json")
                throw ScaleBench.Failure(description: "expected errors")
            } catch let error as ScenarioLoadError {
                let text = error.description
                guard error.diagnostics.count == count, !text.isEmpty else {
                    throw ScaleBench.Failure(description: "\(error.diagnostics.count) errors")
                }
            }
        }
    }

    func unusedResponses(_ count: Int) throws -> () throws -> Void {
        let responses = (0..<count).map { "    {\"return\": \($0)}" }
        try write(
            "Scenarios/unused-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"mocks\": {\"Numbers.fetch\": [\n" + responses.joined(separator: ",\n")
                + "\n  ]},\n  \"steps\": []\n}\n")
        return {
            let outcome = runner.run(file: "Scenarios/unused-\(count).json")
            guard outcome.findings.count == count, !outcome.text.isEmpty else {
                throw ScaleBench.Failure(description: "\(outcome.findings.count) findings")
            }
        }
    }

    func usedResponses(_ count: Int) throws -> () throws -> Void {
        let responses = (0..<count).map { "    {\"after\": \"1ms\", \"return\": \($0)}" }
        let steps = (0..<count).map { "    {\"at\": \"\($0 * 10)ms\", \"send\": \"ask\", \"value\": \($0)}" }
        try write(
            "Scenarios/used-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"mocks\": {\"Numbers.fetch\": [\n" + responses.joined(separator: ",\n")
                + "\n  ]},\n  \"steps\": [\n" + steps.joined(separator: ",\n") + "\n  ]\n}\n")
        return {
            let outcome = runner.run(file: "Scenarios/used-\(count).json")
            guard outcome.findings.isEmpty, (outcome.timeline?.events.count ?? 0) == 4 * count else {
                throw ScaleBench.Failure(description: "\(outcome.findings) \(outcome.timeline?.events.count ?? 0)")
            }
        }
    }

    func inputValue(elements: Int) throws -> () throws -> Void {
        // Strings of 64 bytes with their quotes and separator.
        let element = "\"" + String(repeating: "x", count: 58) + "\", "
        let value = "[" + String(repeating: element, count: elements - 1) + "\"end\"]"
        try write(
            "Scenarios/value-\(elements).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"steps\": [{\"send\": \"show\", \"value\": \(value)}]\n}\n")
        let check = GoldenCheck(store: GoldenStore(root: root), mode: .missing)
        _ = check.check(runner.run(file: "Scenarios/value-\(elements).json"))
        return {
            let outcome = check.check(runner.run(file: "Scenarios/value-\(elements).json"))
            guard outcome.status == .passed else { throw ScaleBench.Failure(description: outcome.text) }
            // What a worker sends the command line, and what the command line reads back.
            let line = JSONWriter(style: .compact).bytes(try JSONValueEncoder().encode(outcome))
            let decoded = try JSONValueDecoder().decode(
                ScenarioOutcome.self, from: JSONParser().parse(bytes: line, path: "<worker protocol>"))
            guard decoded.timeline == outcome.timeline else { throw ScaleBench.Failure(description: "round trip") }
        }
    }
}

/// The scale rows' mock: one method, answered from the script.
protocol Numbers: Sendable {
    func fetch(id: Int) async -> Result<Int, ScriptedError>
}

final class NumbersMock: ScriptedMock, Numbers, @unchecked Sendable {
    func fetch(id: Int) async -> Result<Int, ScriptedError> { await respond(id) }
}

/// The scale rows' ViewModel: `ask` fetches a number and shows it, `show` shows the value it is sent.
@MainActor
final class EchoViewModel {
    struct Input {
        let ask = PassthroughSubject<Int, Never>()
        let show = PassthroughSubject<[String], Never>()
    }

    struct Output {
        let answer = PassthroughSubject<Int, Never>()
        let shown = PassthroughSubject<Int, Never>()
    }

    let input = Input()
    let output = Output()
    private var cancellables: Set<AnyCancellable> = []

    init(numbers: Numbers) {
        input.ask
            .sink { [weak self] id in
                Task { @MainActor [weak self] in
                    if case .success(let value) = await numbers.fetch(id: id) { self?.output.answer.send(value) }
                }
            }
            .store(in: &cancellables)
        input.show.sink { [weak self] value in self?.output.shown.send(value.count) }.store(in: &cancellables)
    }
}

let scaleCatalog = Catalog {
    ViewModelEntry("Echo") { context in EchoViewModel(numbers: NumbersMock(context)) }
}
