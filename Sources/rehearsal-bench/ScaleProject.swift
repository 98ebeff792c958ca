import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// Scenario files for the scale rows, in a scratch project, run against a bench ViewModel.
struct ScaleProject {
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

    /// n responses no call uses, run (or validated): every one is a finding; the text for people is rendered.
    func unusedResponses(_ count: Int, validated: Bool = false) throws -> () throws -> Void {
        let responses = (0..<count).map { "    {\"return\": \($0)}" }
        try write(
            "Scenarios/unused-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"mocks\": {\"Numbers.fetch\": [\n" + responses.joined(separator: ",\n")
                + "\n  ]},\n  \"steps\": []\n}\n")
        return {
            let path = PathName("Scenarios/unused-\(count).json")
            let findings = validated ? runner.validate(file: path) : runner.run(file: path).findings
            let outcome = ScenarioOutcome(name: "unused", path: path, status: .failed, findings: findings)
            guard findings.count == count, !outcome.text.isEmpty else {
                throw ScaleBench.Failure(description: "\(findings.count) findings")
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

    /// One call answered by a stream of n elements, 1ms apart: each is recorded as a response and shown as an output.
    func streamElements(_ count: Int) throws -> () throws -> Void {
        let elements = (0..<count).map { "    {\"after\": \"1ms\", \"yield\": \($0)}" }
        try write(
            "Scenarios/stream-\(count).json",
            "{\n  \"viewModel\": \"Echo\",\n  \"mocks\": {\"Numbers.updates\": [{\"stream\": [\n"
                + elements.joined(separator: ",\n") + "\n  ]}]},\n  \"steps\": [{\"send\": \"listen\"}]\n}\n")
        return {
            let outcome = runner.run(file: "Scenarios/stream-\(count).json")
            // The input, the call, then a response and an output per element, and the stream's end.
            guard outcome.findings.isEmpty, (outcome.timeline?.events.count ?? 0) == 2 * count + 3 else {
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
    func updates() -> AsyncStream<Int>
}

final class NumbersMock: ScriptedMock, Numbers, @unchecked Sendable {
    func fetch(id: Int) async -> Result<Int, ScriptedError> { await respond(id) }
    func updates() -> AsyncStream<Int> { respond() }
}

/// The scale rows' ViewModel: `ask` fetches a number and shows it, `show` shows the value it is sent, `listen`
/// shows each number of the updates stream.
@MainActor
final class EchoViewModel {
    struct Input {
        let ask = PassthroughSubject<Int, Never>()
        let show = PassthroughSubject<[String], Never>()
        let listen = PassthroughSubject<Void, Never>()
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
        input.listen
            .sink { [weak self] in
                Task { @MainActor [weak self] in
                    for await value in numbers.updates() { self?.output.answer.send(value) }
                }
            }
            .store(in: &cancellables)
    }
}

let scaleCatalog = Catalog {
    ViewModelEntry("Echo") { context in EchoViewModel(numbers: NumbersMock(context)) }
}
