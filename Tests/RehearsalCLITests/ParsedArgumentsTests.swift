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
                    positionals: ["Scenarios/a", "-x"], usage: "usage: rehearsal run [options] [paths…]"))
        #expect(try parsed.value(StandardOptions.jobs) == 2)
        #expect(try parsed.values(StandardOptions.reporter) == [.console, .junit("out.xml")])
        #expect(parsed.isSet(StandardOptions.strict) && !parsed.isSet(StandardOptions.quiet))
        #expect(try parsed.value(StandardOptions.record) == nil)
    }
}
