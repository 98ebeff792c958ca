import Foundation
import Rehearsal
import ScenarioJSON
import Testing

/// `Scenarios/scenario.schema.json` (for editors) and `ScenarioLoader` (for runs) accept and reject the same files.
@Suite("The scenario JSON Schema agrees with the loader")
struct ScenarioSchemaTests {
    /// Files the loader rejects for reasons a JSON Schema cannot express: time order across steps, `until` against
    /// the last step, and `$file` targets (the schema sees only the reference).
    static let loaderOnly: Set<String> = [
        "at-goes-backwards", "until-before-last-step", "file-escapes-root", "file-missing", "file-absolute-path",
        "file-cycle", "file-with-bad-json",
        // Only the last stream element may end the stream; a schema cannot single out the last item.
        "stream-element-after-end",
        // A date-time pattern cannot know the length of each month.
        "clock-impossible-date",
        // The golden property cannot stand beside jitter anywhere in the file (a rule across keys).
        "property-golden-with-jitter",
    ]

    static func bundledScenarios() -> [String] {
        ScenarioLoader(root: Fixtures.packageRoot).scenarioFiles(under: "Scenarios")
    }

    @Test func everyBundledScenarioIsValidForBoth() throws {
        let validator = try Self.validator()
        let scenarios = Self.bundledScenarios()
        #expect(scenarios.count >= 25)
        for path in scenarios {
            let raw = try JSONParser().parse(String(contentsOfFile: Fixtures.packageRoot + "/" + path, encoding: .utf8))
            #expect(validator.violations(of: raw.root) == [], "\(path)")
            #expect(throws: Never.self, "\(path)") { try ScenarioLoader(root: Fixtures.packageRoot).load(path) }
        }
    }

    @Test func everyWrongScenarioIsJudgedAlike() throws {
        let validator = try Self.validator()
        var compared = 0
        for path in Fixtures.scenarios(in: "invalid") {
            let text = try String(contentsOfFile: Fixtures.root + "/" + path, encoding: .utf8)
            // JSON syntax errors are outside a schema's reach: both reject them before validating.
            guard let raw = try? JSONParser().parse(text) else { continue }
            let schemaAccepts = validator.violations(of: raw.root).isEmpty
            let loaderAccepts = (try? ScenarioLoader(root: Fixtures.root, scenariosFolder: "invalid").load(path)) != nil
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if Self.loaderOnly.contains(name) {
                #expect(schemaAccepts && !loaderAccepts, "\(path): only the loader should reject it")
            } else {
                #expect(schemaAccepts == loaderAccepts, "\(path): schema \(schemaAccepts), loader \(loaderAccepts)")
            }
            compared += 1
        }
        #expect(compared >= 45)
    }

    @Test func theSchemaRejectsWhatItShould() throws {
        // Given a few wrong scenarios, When validated, Then each is rejected at the right place
        let validator = try Self.validator()
        let cases: [(String, [String])] = [
            (#"{"viewModel": "A", "steps": [{"at": "1s"}]}"#, ["/steps/0: matches none of anyOf"]),
            (
                #"{"viewModel": "A", "until": "10"}"#,
                [#"/until: does not match ^([0-9]+h)?([0-9]+m)?[0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h)$"#]
            ),
            (
                #"{"viewModel": "A", "mocks": {"X.y": [{"after": "1s"}]}}"#,
                ["/mocks/X.y/0: does not match exactly one of oneOf"]
            ),
            (#"{"viewModl": "A"}"#, [": missing viewModel", "/viewModl: not allowed"]),
            (#"{"viewModel": "A", "steps": [{"set": "query"}]}"#, ["/steps/0: set needs value"]),
            (#"{"viewModel": "A", "steps": [{"set": "q", "send": "q", "value": 1}]}"#, ["/steps/0: matches 'not'"]),
            (#"{"viewModel": "A", "steps": [{"wait": "1s", "value": 1}]}"#, ["/steps/0: matches 'not'"]),
            (
                #"{"viewModel": "A", "mocks": {"X.y": [{"deliver": "sideways", "return": 1}]}}"#,
                ["/mocks/X.y/0/deliver: expected one of enum"]
            ),
            (
                #"{"viewModel": "A", "mocks": {"X.y(:)": []}}"#,
                [
                    #"/mocks/X.y(:): does not match ^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*"#
                        + #"(\((([A-Za-z_][A-Za-z0-9_]*|_):)*\))?$"#
                ]
            ),
        ]
        for (text, expected) in cases {
            #expect(validator.violations(of: try JSONParser().parse(text).root) == expected, "\(text)")
        }
    }

    @Test func theSchemaAcceptsSetStepsDeliveriesOverloadKeysAndEndPatterns() throws {
        // Given what issue 23 added to the format, When validated, Then the schema agrees with the loader
        let text = """
            {"viewModel": "A",
             "mocks": {"DateProvider.transform(date:)": [{"deliver": "background", "return": "x"}],
                       "DateProvider.transform(_:dateInfo:)": [{"deliver": "main", "return": "y"}], "X.f()": []},
             "steps": [{"set": "query", "value": "swift"}, {"wait": "1s", "send": "load"}],
             "properties": [{"count": {"failed": "*"}, "equals": 0}, {"final": {"finished": "route"}, "equals": null}]}
            """
        #expect(try Self.validator().violations(of: JSONParser().parse(text).root) == [])
        let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "a.json")
        #expect((try? ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: "a")) != nil)
    }

    static func validator() throws -> SchemaValidator {
        let text = try String(contentsOfFile: Fixtures.packageRoot + "/Scenarios/scenario.schema.json", encoding: .utf8)
        return SchemaValidator(root: try JSONParser().parse(text).root)
    }
}

/// `Scenarios/timeline.schema.json` describes golden timeline format 2: every bundled golden fits it, a format 1
/// file does not.
@Suite("The timeline JSON Schema describes the bundled goldens")
struct TimelineSchemaTests {
    static func validator() throws -> SchemaValidator {
        let text = try String(contentsOfFile: Fixtures.packageRoot + "/Scenarios/timeline.schema.json", encoding: .utf8)
        return SchemaValidator(root: try JSONParser().parse(text).root)
    }

    @Test func everyBundledGoldenFitsTheSchema() throws {
        let validator = try Self.validator()
        let goldens = GoldenStore(root: Fixtures.packageRoot).goldenFiles(under: "Scenarios")
        #expect(goldens.count >= 25)
        for path in goldens {
            let text = try String(contentsOfFile: Fixtures.packageRoot + "/" + path.description, encoding: .utf8)
            #expect(validator.violations(of: try JSONParser().parse(text).root) == [], "\(path)")
        }
    }

    /// The goldens of the fixture package's ViewModels that import Apple's frameworks hold log lines (their
    /// scenarios say `"recordLogs": true`), framework calls and stand-in values; they fit too, and so do the
    /// scenarios, for the schema and the loader.
    @Test func theFrameworkFixturesGoldensAndScenariosFitTheSchemas() throws {
        let validator = try Self.validator()
        let scenarios = try ScenarioSchemaTests.validator()
        let folder = "Tests/RehearsalTestingTests/Fixtures/ScenarioPackage/Scenarios/stores"
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot + "/" + folder).sorted()
        #expect(
            files.filter { $0.hasSuffix(".timeline.json") } == [
                "locate.timeline.json", "profile.timeline.json", "settings.timeline.json",
            ])
        for name in files {
            let text = try String(contentsOfFile: Fixtures.packageRoot + "/\(folder)/\(name)", encoding: .utf8)
            let schema = name.hasSuffix(".timeline.json") ? validator : scenarios
            #expect(schema.violations(of: try JSONParser().parse(text).root) == [], "\(name)")
        }
        let notABoolean = scenarios.violations(
            of: try JSONParser().parse(#"{"viewModel": "A", "recordLogs": "yes"}"#).root)
        #expect(notABoolean == ["/recordLogs: expected boolean"])
    }

    @Test func theSchemaRejectsFormatOneFormatTwoTimesAndMalformedEvents() throws {
        let validator = try Self.validator()
        let cases: [(String, [String])] = [
            (
                #"{"scenario": "a", "events": [{"at": "0ms", "seq": 0, "input": "load"}]}"#,
                [": missing version", "/events/0: does not match exactly one of oneOf"]
            ),
            (
                #"{"version": 3, "scenario": "a", "events": [{"at": "0ms"}]}"#,
                ["/events/0: does not match exactly one of oneOf"]
            ),
            (
                #"{"version": 3, "scenario": "a", "events": [{"at": "5 ms", "output": "o", "value": 1}]}"#,
                ["/events/0: does not match exactly one of oneOf"]
            ),
            // Format 3 writes every time in the one fixed form: a format 2 time is not a format 3 time.
            (
                #"{"version": 3, "scenario": "a", "events": [{"at": "300ms", "input": "load"}]}"#,
                ["/events/0: does not match exactly one of oneOf"]
            ),
            (
                #"{"version": 3, "scenario": "a", "events": [{"at": "0.000s", "log": "notice", "message": "m"}]}"#,
                ["/events/0: does not match exactly one of oneOf"]
            ),
        ]
        for (text, expected) in cases {
            #expect(validator.violations(of: try JSONParser().parse(text).root) == expected, "\(text)")
        }
    }
}
