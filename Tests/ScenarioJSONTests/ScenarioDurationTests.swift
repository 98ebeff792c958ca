import Testing

@testable import ScenarioJSON

@Suite("ScenarioDuration")
struct ScenarioDurationTests {
    @Test(
        arguments: [
            ("0ms", 0), ("750us", 750_000), ("250ms", 250_000_000), ("1.5s", 1_500_000_000), ("2m", 120_000_000_000),
            ("1h", 3_600_000_000_000), ("5ns", 5), ("0.000000001s", 1), ("1.25ms", 1_250_000), ("0.5m", 30_000_000_000),
            ("1.000s", 1_000_000_000), ("9223372036854775807ns", Int64.max),
        ] as [(String, Int64)])
    func parsesExactly(_ text: String, _ nanoseconds: Int64) throws {
        #expect(try ScenarioDuration(parsing: text).nanoseconds == nanoseconds)
    }

    @Test(
        arguments: [
            (1_500_000_000, "1.5s"), (90_000_000_000, "1.5m"), (1_000_000, "1ms"), (0, "0ms"), (250_000_000, "250ms"),
            (61_000_000_000, "61s"), (1_500, "1.5us"), (7, "7ns"), (5_400_000_000_000, "1.5h"),
            (1_001_000_000, "1.001s"),
            (1_000_100_000, "1000.1ms"),
        ] as [(Int64, String)])
    func formatsInTheMostNaturalUnit(_ nanoseconds: Int64, _ text: String) throws {
        let duration = ScenarioDuration(nanoseconds: nanoseconds)
        #expect(duration.description == text)
        #expect(try ScenarioDuration(parsing: text) == duration)
    }

    @Test(arguments: [
        ("-5ms", "error: expected a duration of zero or more, found \"-5ms\"\n  hint: remove the '-'"),
        (
            "250",
            "error: expected a unit after 250, found \"250\"\n  hint: add one of the units ns, us, ms, s, m, h, e.g. \"250ms\""
        ),
        (
            "5sec",
            "error: expected one of the units ns, us, ms, s, m, h, found \"5sec\"\n  hint: use one of the units ns, us, ms, s, m, h, e.g. \"5ms\""
        ),
        (
            "1.5ns",
            "error: expected a duration in whole nanoseconds, found \"1.5ns\"\n  hint: round it to whole nanoseconds, or use a smaller unit"
        ),
        (
            "0.0000000001s",
            "error: expected a duration in whole nanoseconds, found \"0.0000000001s\"\n  hint: round it to whole nanoseconds, or use a smaller unit"
        ),
        (
            "9223372036854775808ns",
            "error: expected a duration of at most 9223372036854775807ns (about 292 years), found \"9223372036854775808ns\"\n  hint: write a shorter duration, e.g. \"24h\""
        ),
        (
            "99999999999999999999h",
            "error: expected a duration of at most 9223372036854775807ns (about 292 years), found \"99999999999999999999h\"\n  hint: write a shorter duration, e.g. \"24h\""
        ),
        (
            "",
            "error: expected a duration such as \"250ms\" or \"1.5s\", found \"\"\n  hint: write a number followed by one of the units ns, us, ms, s, m, h"
        ),
        (
            "ms",
            "error: expected a duration such as \"250ms\" or \"1.5s\", found \"ms\"\n  hint: write a number followed by one of the units ns, us, ms, s, m, h"
        ),
        ("1.s", "error: expected digits after the '.', found \"1.s\"\n  hint: write it like \"1.5s\""),
    ])
    func rejectsWithAClearError(_ text: String, _ expected: String) {
        #expect(renderedError { _ = try ScenarioDuration(parsing: text) } == expected)
    }

    @Test func codesThroughTheBridgeAsAString() throws {
        let durations = [ScenarioDuration.seconds(90), .milliseconds(1)]
        let value = try JSONValueEncoder().encode(durations)
        #expect(value == ["1.5m", "1ms"])
        #expect(try JSONValueDecoder().decode([ScenarioDuration].self, from: value) == durations)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode([ScenarioDuration].self, from: [250]) } == """
                error: [0]: expected a duration string such as "250ms", found the integer 250
                  hint: write the duration as a string with a unit, e.g. "250ms"
                """)
    }

    @Test func addsAndCompares() {
        #expect(ScenarioDuration.milliseconds(250) + .seconds(1) == ScenarioDuration(nanoseconds: 1_250_000_000))
        #expect(ScenarioDuration.milliseconds(1) < .seconds(1))
        #expect(ScenarioDuration(nanoseconds: .max) + .seconds(1) == ScenarioDuration(nanoseconds: .max))
        #expect(ScenarioDuration.seconds(1) - .milliseconds(250) == .milliseconds(750))
        #expect(ScenarioDuration.milliseconds(250) - .seconds(1) == .zero)
        #expect(
            [ScenarioDuration.minutes(2), .hours(1), .microseconds(3), .nanoseconds(-4)].map(\.nanoseconds) == [
                120_000_000_000, 3_600_000_000_000, 3_000, 0,
            ])
    }

    @Test func convertsToAndFromSwiftDurationsInWholeNanoseconds() {
        // Given Swift durations: sub-nanosecond, negative, beyond the Int64 range
        let durations: [Duration] = [
            .milliseconds(300), .nanoseconds(1) + .init(secondsComponent: 0, attosecondsComponent: 999_999_999),
            .seconds(-1), .seconds(Int64.max),
        ]

        // Then they become whole nanoseconds, clamped to zero and to the largest duration, and convert back
        #expect(durations.map { ScenarioDuration($0) } == [.milliseconds(300), .nanoseconds(1), .zero, .max])
        #expect(ScenarioDuration.milliseconds(300).duration == .milliseconds(300))
    }
}
