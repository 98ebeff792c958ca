import Foundation
import FuzzSupport
import Rehearsal
import ScenarioJSON

/// `fuzz-scenario`: the scenario loader, on a scenario file and the files its `$file` references name (the input
/// format is ``FuzzFileSet``).
///
/// Every problem is located inside the file it names (the scenario or a referenced file), with an excerpt of its
/// line and a hint, and each `referenced from` location is inside its file too. A scenario that loads has each step
/// and response located inside the file it was written in; its resolved content, written as one file, loads as the
/// same scenario (same fingerprint, steps, responses and limits).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let files = FuzzFileSet(fuzzBytes(data, count)), files.write(under: root) else { return -1 }
    let loader = ScenarioLoader(root: root)
    let scenario: Scenario
    do {
        scenario = try loader.load(FuzzFileSet.scenarioPath)
    } catch {
        for diagnostic in error.diagnostics { checkLocated(diagnostic) }
        return 0
    }
    for step in scenario.steps { checkLocated(step.pointer, in: scenario.document, "step \(step.index)") }
    for entry in scenario.mocks {
        for response in entry.responses { checkLocated(response.pointer, in: scenario.document, entry.key) }
    }
    checkSelfContained(scenario, loader: loader)
    return 0
}

/// The folder the input's files are written in, one per process.
let root = NSTemporaryDirectory() + "rehearsal-fuzz-scenario-\(getpid())"

/// Removes the input's folder when the fuzzer exits.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    atexit { try? FileManager.default.removeItem(atPath: root) }
    return 0
}

/// The text of the file `path` names under the root, as the loader read it (with `FileBytes`: Foundation's
/// `contents(atPath:)` leaks 4 KiB per empty file on this toolchain, which LeakSanitizer reports).
func file(_ path: String?, _ what: @autoclosure () -> String) -> FuzzText {
    guard let path, let bytes = try? FileBytes.read(root + "/" + path) else {
        fatalError("\(what()): located in \(path ?? "no file"), which is not a file of the input")
    }
    return FuzzText(path: path, bytes: bytes)
}

/// A problem is located in a file of the input, with an excerpt and a hint; so is each `$file` reference to it.
func checkLocated(_ diagnostic: Diagnostic) {
    let what = "the problem '\(diagnostic.headline)'"
    let text = file(diagnostic.location?.path, what)
    let offset = text.offset(of: diagnostic.location, what)
    text.checkExcerpt(diagnostic.excerpt, at: offset, what)
    fuzzCheck(diagnostic.hint.map { !$0.isEmpty } ?? false, "\(what) has no hint")
    for reference in diagnostic.referencedFrom {
        let referencing = file(reference.path, "\(what) referenced from \(reference)")
        _ = referencing.offset(of: reference, "\(what) referenced from \(reference)")
    }
}

/// The value at `pointer` is located inside the file it was written in.
func checkLocated(_ pointer: JSONPointer, in document: JSONDocument, _ what: String) {
    let location = document.location(of: pointer)
    let text = file(location?.path, "\(what) at \(pointer)")
    let offset = text.offset(of: location, "\(what) at \(pointer)")
    text.checkExcerpt(document.excerpt(of: pointer), at: offset, "\(what) at \(pointer)")
}

/// The resolved content as one file (no `$file` left) loads as the same scenario.
func checkSelfContained(_ scenario: Scenario, loader: ScenarioLoader) {
    let text = JSONWriter(style: .pretty).bytes(scenario.document.root)
    let again: Scenario
    do {
        let document = try JSONParser().parse(bytes: text, path: "resolved.json")
        again = try loader.scenario(from: document, name: scenario.name)
    } catch {
        fatalError("the resolved scenario, written as one file, does not load: \(error)")
    }
    fuzzCheck(again.fingerprint == scenario.fingerprint, "the resolved scenario has another fingerprint")
    fuzzCheck(
        ScenarioSummary(again) == ScenarioSummary(scenario),
        "the resolved scenario loads as \(ScenarioSummary(again)), not \(ScenarioSummary(scenario))")
}

/// What a scenario does, to compare two loads of it.
struct ScenarioSummary: Equatable {
    struct Step: Equatable {
        var index: Int
        var at: ScenarioDuration
        var input: String?
        var value: JSONValue?
    }
    struct Response: Equatable {
        var key: String
        var after: ScenarioDuration
        var times: Int?
        var delivery: MockDelivery?
    }
    var viewModel: String
    var steps: [Step]
    var responses: [Response]
    var until: ScenarioDuration?
    var schedule: ScheduleToken?
    var masks: Int
    var properties: Int
    var strict: Bool

    init(_ scenario: Scenario) {
        viewModel = scenario.viewModel
        steps = scenario.steps.map { Step(index: $0.index, at: $0.at, input: $0.inputName, value: $0.inputValue) }
        responses = scenario.mocks.flatMap { entry in
            entry.responses.map { Response(key: entry.key, after: $0.after, times: $0.times, delivery: $0.delivery) }
        }
        until = scenario.until
        schedule = scenario.schedule
        masks = scenario.masks.count
        properties = scenario.properties.count
        strict = scenario.strict
    }
}
