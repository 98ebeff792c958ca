import Foundation
import ScenarioJSON

/// Turns scenario files into validated ``Scenario`` values.
///
/// Every problem is reported at once, each located at its value (`file:line:column`), with what was expected
/// and a hint; unknown keys get a "did you mean". Checks that need the catalog (does the ViewModel exist, does it
/// have this input) happen in ``ScenarioValidator``.
public struct ScenarioLoader: Sendable {
    /// The directory scenario names are relative to and `$file` references resolve against.
    public var root: String
    /// The directory under `root` whose files are scenarios (names are relative to it).
    public var scenariosFolder: String
    /// How hints name the command line (`store-rehearsal explore …`).
    public var advice = RecordAdvice()

    /// The keys of a scenario object, in the order docs/scenario-format.md documents them.
    static let scenarioKeys = [
        "version", "description", "viewModel", "config", "mocks", "steps", "until", "strict", "compare", "clock",
        "mask", "properties", "explore", "knownIssue", "schedule", "recordLogs",
    ]
    static let clockKeys = ["now"]
    static let stepKeys = ["at", "wait", "send", "set", "value"]
    static let responseKeys = [
        "after", "return", "throw", "never", "stream", "when", "times", "repeat", "jitter", "deliver",
    ]
    static let exploreKeys = ["jitter"]

    /// The folder scenarios live in, under the package root, unless a loader is told another: what commands search
    /// when given no paths, and what scenario names are relative to.
    public static let defaultScenariosFolder = "Scenarios"

    /// Creates a loader for scenarios under `root/scenariosFolder`.
    public init(
        root: String = FileManager.default.currentDirectoryPath, scenariosFolder: String = defaultScenariosFolder
    ) {
        self.root = root
        self.scenariosFolder = scenariosFolder
    }

    /// Loads the scenario file at `path` (relative to `root`, as shown in errors).
    /// - Throws: ``ScenarioLoadError`` with every problem found.
    public func load(_ path: String) throws(ScenarioLoadError) -> Scenario {
        try load(PathName(path))
    }

    /// Loads the scenario file at `path`, named by its bytes (a name that is not UTF-8 is found, and shown escaped).
    /// - Throws: ``ScenarioLoadError`` with every problem found.
    public func load(_ path: PathName) throws(ScenarioLoadError) -> Scenario {
        let document: JSONDocument
        do {
            document = try JSONFileResolver(root: root).load(path)
        } catch {
            throw ScenarioLoadError(path: path.description, diagnostics: [error.diagnostic])
        }
        return try scenario(from: document, name: Self.name(of: path, scenariosFolder: scenariosFolder))
    }

    /// Whether `path` names a scenario file: a `.json` that is neither a golden (`*.timeline.json`) nor a
    /// schema (`*.schema.json`).
    public static func isScenarioFile(_ path: String) -> Bool {
        isScenarioFile(PathName(path))
    }

    /// Whether `path` names a scenario file, by its bytes.
    public static func isScenarioFile(_ path: PathName) -> Bool {
        path.hasSuffix(".json") && !path.hasSuffix(".timeline.json") && !path.hasSuffix(".schema.json")
    }

    /// The scenario files under `folder` (relative to `root`), as paths relative to `root`, sorted; empty when
    /// the folder does not exist.
    public func scenarioFiles(under folder: String) -> [String] {
        let entries = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
        return entries.filter(Self.isScenarioFile).sorted().map { folder + "/" + $0 }
    }

    /// The scenario identity of a file path: relative to the scenarios folder, without `.json`. Every name of a
    /// scenario (goldens, reports, tests, workers) comes from here.
    public static func name(ofPath path: String, scenariosFolder: String = defaultScenariosFolder) -> String {
        name(of: PathName(path), scenariosFolder: scenariosFolder)
    }

    /// The scenario identity of a path named by its bytes, as people read it (a byte of a name that is not UTF-8
    /// shown as `\xFF`).
    public static func name(of path: PathName, scenariosFolder: String = defaultScenariosFolder) -> String {
        let path = path.description
        var name = path
        let prefix = scenariosFolder.hasSuffix("/") ? scenariosFolder : scenariosFolder + "/"
        if name.hasPrefix("./") { name.removeFirst(2) }
        if name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name
    }

    /// Validates an already parsed (and `$file`-resolved) document as a scenario called `name`.
    /// - Throws: ``ScenarioLoadError`` with every problem found.
    public func scenario(from document: JSONDocument, name: String) throws(ScenarioLoadError) -> Scenario {
        var reader = ScenarioReader(document: document)
        let root = JSONPointer.root
        guard let object = reader.object(at: root, what: "the scenario", keys: Self.scenarioKeys) else {
            throw ScenarioLoadError(path: document.path, diagnostics: reader.diagnostics)
        }
        if let version = object["version"], version != .integer(1) {
            reader.fail(
                root.appending("version"),
                "unsupported scenario version \(JSONWriter(style: .compact).string(version))",
                hint: "write \"version\": 1 or leave it out")
        }
        let description = reader.string(object, "description", at: root)
        let viewModel = reader.string(object, "viewModel", at: root)
        if object["viewModel"] == nil, !ScenarioReader.misspells("viewModel", in: object, keys: Self.scenarioKeys) {
            reader.fail(
                root, "missing key 'viewModel' in the scenario",
                hint: "add \"viewModel\": \"<name>\" naming a ViewModel of the catalog")
        }
        let mocks = Self.readMocks(object, &reader)
        let steps = Self.readSteps(object, &reader)
        let until = reader.duration(object, "until", at: root)
        if let until, let last = steps.last, until < last.at {
            reader.fail(
                root.appending("until"), "'until' (\(until)) is before the last step (\(last.at))",
                hint: "set 'until' to \(last.at) or later, or leave it out to run until no work is left")
        }
        let strict = reader.bool(object, "strict", at: root) ?? true
        let recordsLogs = reader.bool(object, "recordLogs", at: root) ?? false
        var comparison = Scenario.Comparison.exact
        if let compare = reader.string(object, "compare", at: root) {
            if let value = Scenario.Comparison(rawValue: compare) {
                comparison = value
            } else {
                reader.fail(
                    root.appending("compare"), "unknown comparison '\(compare)'",
                    hint: "use \"exact\" (times and order) or \"order\" (order only)")
            }
        }
        let clockStart = Self.readClock(&reader)
        let masks = Self.readMasks(object, &reader)
        let properties = Self.readProperties(object, &reader)
        let explore = Self.readExplore(&reader)
        let knownIssue = reader.string(object, "knownIssue", at: root)
        var schedule: ScheduleToken?
        if let text = reader.string(object, "schedule", at: root) {
            do {
                let token = try ScheduleToken(parsing: text)
                if case .generated = token.plan {
                    reader.fail(
                        root.appending("schedule"),
                        "a scenario's 'schedule' must list its choices, not name a strategy",
                        hint:
                            "replay this token with '\(advice.command("explore <file> --replay \(text)"))', then use the "
                            + "token it prints"
                    )
                } else {
                    schedule = token
                }
            } catch {
                reader.fail(
                    root.appending("schedule"), "'schedule': \(error.message)",
                    hint: "copy the token '\(advice.command("explore"))' printed")
            }
        }
        if explore.jitter > .zero || mocks.contains(where: { $0.responses.contains { ($0.jitter ?? .zero) > .zero } }),
            let golden = properties.first(where: {
                if case .goldenUpToSameInstantOrder = $0.rule { return true } else { return false }
            })
        {
            reader.fail(
                golden.pointer.appending("golden"),
                "a timeline whose latencies jitter moves cannot equal the golden up to same-instant order",
                hint: "remove the jitter, or this property")
        }
        // A misspelt `viewModel` key (reported above) still names the ViewModel for the checks of what did load.
        let named = viewModel ?? ScenarioReader.misspelt("viewModel", in: object, keys: Self.scenarioKeys)?.stringValue
        let scenario = named.map { viewModel in
            var scenario = Scenario(
                name: name, document: document, description: description, viewModel: viewModel,
                config: object["config"] ?? .object(JSONObject()), mocks: mocks, steps: steps, until: until,
                strict: strict, comparison: comparison, clockStart: clockStart, properties: properties,
                explore: explore, knownIssue: knownIssue, schedule: schedule, masks: masks)
            scenario.recordsLogs = recordsLogs
            return scenario
        }
        guard reader.diagnostics.isEmpty, viewModel != nil, let scenario else {
            var error = ScenarioLoadError(path: document.path, diagnostics: reader.diagnostics)
            error.partial = scenario
            throw error
        }
        return scenario
    }

    /// `"explore": {"jitter": "50ms"}`.
    private static func readExplore(_ reader: inout ScenarioReader) -> ExploreSettings {
        let pointer = JSONPointer.root.appending("explore")
        guard let explore = reader.object(at: pointer, what: "'explore'", keys: exploreKeys) else {
            return ExploreSettings()
        }
        return ExploreSettings(jitter: reader.duration(explore, "jitter", at: pointer) ?? .zero)
    }

    /// `"clock": {"now": "2026-01-01T09:00:00Z"}`: the wall clock at the start; the default when absent.
    private static func readClock(_ reader: inout ScenarioReader) -> ScenarioTimestamp {
        let pointer = JSONPointer.root.appending("clock")
        guard let clock = reader.object(at: pointer, what: "the clock", keys: clockKeys) else {
            return .defaultScenarioStart
        }
        guard let value = clock["now"] else {
            if ScenarioReader.misspells("now", in: clock, keys: clockKeys) { return .defaultScenarioStart }
            reader.fail(
                pointer, "missing key 'now' in the clock",
                hint: "add \"now\": \"2026-01-01T09:00:00Z\" (what Date() reads when the scenario starts)")
            return .defaultScenarioStart
        }
        guard case .string(let text) = value else {
            reader.fail(
                pointer.appending("now"), "expected a date and time string for 'now', found \(value.kindDescription)",
                hint: "write it as a string, e.g. \"2026-01-01T09:00:00Z\"")
            return .defaultScenarioStart
        }
        do {
            return try ScenarioTimestamp(parsing: text)
        } catch {
            reader.fail(pointer.appending("now"), "'now': \(error.message)", hint: error.hint)
            return .defaultScenarioStart
        }
    }

    private static func readSteps(_ scenario: JSONObject, _ reader: inout ScenarioReader) -> [Step] {
        let pointer = JSONPointer.root.appending("steps")
        guard let value = scenario["steps"] else { return [] }
        guard case .array(let elements) = value else {
            reader.fail(
                pointer, "expected an array of steps for 'steps', found \(value.kindDescription)",
                hint: value.objectValue != nil ? "wrap the step in [ ]" : "write the steps as [{\"send\": …}, …]")
            return []
        }
        var steps: [Step] = []
        var now = ScenarioDuration.zero
        for index in elements.indices {
            let stepPointer = pointer.appending(index)
            guard let object = reader.object(at: stepPointer, what: "a step", keys: stepKeys) else { continue }
            let at = reader.duration(object, "at", at: stepPointer)
            let wait = reader.duration(object, "wait", at: stepPointer)
            let send = reader.string(object, "send", at: stepPointer)
            let set = reader.string(object, "set", at: stepPointer)
            if object["send"] != nil && object["set"] != nil {
                reader.fail(
                    stepPointer, "a step takes 'send' or 'set', not both",
                    hint: "keep 'send' for an input or 'set' for a property the view binds")
            }
            if object["set"] != nil && object["value"] == nil {
                reader.fail(
                    stepPointer, "'set' needs a 'value' in the same step",
                    hint: "add \"value\": … with what the property is set to")
            }
            if object["at"] != nil && object["wait"] != nil {
                reader.fail(
                    stepPointer, "a step takes 'at' or 'wait', not both",
                    hint: "keep 'at' for an absolute time or 'wait' for a delay after the previous step")
            }
            // A misspelt 'send' or 'wait' is reported as the unknown key it is, once.
            let misspelt = ScenarioReader.misspellsOne(of: ["send", "set", "wait"], in: object, keys: stepKeys)
            if object["send"] == nil && object["set"] == nil && object["wait"] == nil && !misspelt {
                reader.fail(
                    stepPointer, "expected 'send', 'set' or 'wait' in a step",
                    hint: "add \"send\": \"<input>\" to send an input, or \"wait\": \"<duration>\" to let time pass")
            }
            if object["value"] != nil && object["send"] == nil && object["set"] == nil && !misspelt {
                reader.fail(
                    stepPointer.appending("value"), "'value' needs a 'send' in the same step",
                    hint: "add \"send\": \"<input>\" for the input that takes the value, or remove \"value\"")
            }
            if let at {
                if at < now {
                    reader.fail(
                        stepPointer.appending("at"),
                        "'at' goes back in time: \(at) is before the previous step's \(now)",
                        hint: "order the steps by time, or use 'wait' for a delay after the previous step")
                } else {
                    now = at
                }
            }
            if let wait { now = now + wait }
            let action: Step.Action
            if let send {
                action = .send(
                    name: send, value: object["value"], namePointer: stepPointer.appending("send"),
                    valuePointer: stepPointer.appending("value"))
            } else if let set, let value = object["value"] {
                action = .set(
                    name: set, value: value, namePointer: stepPointer.appending("set"),
                    valuePointer: stepPointer.appending("value"))
            } else {
                action = .wait
            }
            steps.append(Step(index: index, at: now, action: action, pointer: stepPointer))
        }
        return steps
    }
}

/// A mock key, `Type.method`.
/// A mock key: `Type.method`, or an overload's full name `Type.method(label:label:)` (`_:` for an unlabelled
/// parameter, `()` for none), as Swift's `#function` names it.
struct MockKey: Hashable, Sendable {
    var type: String
    /// The method's base name.
    var method: String
    /// The argument labels in parentheses (`(date:)`) for a full name; nil for `Type.method`.
    var labels: String?

    init?(_ text: String) {
        var name = Substring(text)
        if let open = name.firstIndex(of: "(") {
            let labels = name[open...]
            guard labels.last == ")", Self.areLabels(labels.dropFirst().dropLast()) else { return nil }
            self.labels = String(labels)
            name = name[..<open]
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Self.isIdentifier) else { return nil }
        type = String(parts[0])
        method = String(parts[1])
    }

    var description: String { "\(type).\(method)\(labels ?? "")" }

    /// `date:`, `_:dateInfo:`, or nothing: identifiers (or `_`) each followed by a colon.
    private static func areLabels(_ text: Substring) -> Bool {
        guard !text.isEmpty else { return true }
        guard text.last == ":" else { return false }
        return text.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy { label in
            label == "_" || isIdentifier(label)
        }
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        // ASCII answered from its bytes (what `Character.isLetter` and `isNumber` say of it), anything else by the
        // characters' Unicode properties.
        let utf8 = text.utf8
        if let first = utf8.first, utf8.allSatisfy({ $0 < 0x80 }) {
            return !isDigit(first) && utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
        }
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

/// Everything wrong with one scenario file: the scenario domain's error.
public struct ScenarioLoadError: Error, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var path: String?
    /// The problems, each located in the file, in the order they were found.
    public var diagnostics: [Diagnostic]
    /// What did load, without the values that have problems, when the file names a ViewModel: enough to check what
    /// does not depend on those problems (the ViewModel, its config, mock types and inputs) in the same run.
    package var partial: Scenario?

    /// Creates an error.
    public init(path: String?, diagnostics: [Diagnostic]) {
        self.path = path
        self.diagnostics = diagnostics
    }

    /// Every diagnostic, one after the other.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
