import ScenarioJSON
import Testing

@testable import RehearsalCLI

@Suite struct ParsedArgumentsTests {
    @Test func readsOptionsFlagsAndPositionals() throws {
        // Given the run command's declaration
        // When a command line mixes every form
        let parsed = try ParsedArguments.parse(
            [
                "Scenarios/a", "--jobs", "2", "--reporter=console", "--strict", "--reporter", "junit:out.xml", "--",
                "-x",
            ],
            spec: RunCommand.spec)
        // Then each lands where it belongs, and reads as its type
        #expect(
            parsed
                == ParsedArguments(
                    values: ["jobs": ["2"], "reporter": ["console", "junit:out.xml"]], flags: ["strict"],
                    positionals: ["Scenarios/a", "-x"], positionalPaths: ["Scenarios/a", "-x"],
                    usage: "usage: rehearsal run [options] [paths…]"))
        #expect(try parsed.value(StandardOptions.jobs) == 2)
        #expect(try parsed.values(StandardOptions.reporter) == [.console, .junit("out.xml")])
        #expect(parsed.isSet(StandardOptions.strict) && !parsed.isSet(StandardOptions.quiet))
        #expect(try parsed.value(StandardOptions.record) == nil)
    }

    @Test func positionalPathsKeepTheBytesTheProcessWasGiven() throws {
        // Given a path argument whose bytes are not UTF-8 (the text form has it repaired)
        let bytes = Array("Scenarios/bad".utf8) + [0xFF] + Array(".json".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        // When the command line is parsed with the process's bytes
        let parsed = try ParsedArguments.parse(
            ["--jobs", "2", text], raw: [Array("--jobs".utf8), Array("2".utf8), bytes], spec: RunCommand.spec)
        // Then the positional path has the exact bytes, and shows them escaped
        #expect(parsed.positionalPaths == [PathName(bytes: bytes)])
        #expect(parsed.pathsOrScenariosFolder.map(\.description) == ["Scenarios/bad\\xFF.json"])
    }
}
