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
            spec: .run)
        // Then each lands where it belongs
        #expect(
            parsed
                == ParsedArguments(
                    values: ["jobs": ["2"], "reporter": ["console", "junit:out.xml"]], flags: ["strict"],
                    positionals: ["Scenarios/a", "-x"]))
    }
}
