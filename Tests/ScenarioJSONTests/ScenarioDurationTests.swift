import Testing

@testable import ScenarioJSON

@Suite("ScenarioDuration")
struct ScenarioDurationTests {
    @Test(
        arguments: [
            ("0ms", 0), ("750us", 750_000), ("250ms", 250_000_000), ("1.5s", 1_500_000_000), ("2m", 120_000_000_000),
            ("1h", 3_600_000_000_000), ("5ns", 5), ("0.000000001s", 1), ("1.25ms", 1_250_000), ("0.5m", 30_000_000_000),
            ("1.000s", 1_000_000_000), ("9223372036854775807ns", Int64.max), ("1m30s", 90_000_000_000),
            ("1h05m00.250s", 3_900_250_000_000), ("12m00.005s", 720_005_000_000), ("1h30m", 5_400_000_000_000),
            ("1m500ms", 60_500_000_000), ("2562047h47m16.854775807s", Int64.max), ("0.000s", 0),
        ] as [(String, Int64)])
    func parsesExactly(_ text: String, _ nanoseconds: Int64) throws {
        #expect(try ScenarioDuration(parsing: text).nanoseconds == nanoseconds)
    }

    /// One fixed form for every magnitude: seconds with three decimals (six or nine only below a millisecond),
    /// after whole minutes and hours written two digits wide, so that times compare at a glance.
    @Test(
        arguments: [
            (0, "0.000s"), (1_000_000, "0.001s"), (250_000_000, "0.250s"), (1_500_000_000, "1.500s"),
            (1_001_000_000, "1.001s"), (12_050_000_000, "12.050s"), (59_999_000_000, "59.999s"),
            (60_000_000_000, "1m00.000s"), (61_000_000_000, "1m01.000s"), (90_000_000_000, "1m30.000s"),
            (720_005_000_000, "12m00.005s"), (722_800_000_000, "12m02.800s"), (3_600_000_000_000, "1h00m00.000s"),
            (5_400_000_000_000, "1h30m00.000s"), (86_400_000_000_000, "24h00m00.000s"),
            (553_402_820_005_000_000, "153723h00m20.005s"), (9_223_369_200_300_000_000, "2562047h00m00.300s"),
            (1_500, "0.000001500s"), (750_000, "0.000750s"),
            (7, "0.000000007s"), (1_000_100_000, "1.000100s"), (Int64.max, "2562047h47m16.854775807s"),
        ] as [(Int64, String)])
    func formatsInOneFixedForm(_ nanoseconds: Int64, _ text: String) throws {
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
            "error: expected a duration of at most 2562047h47m16.854775807s (9223372036854775807ns, about 292 years), found \"9223372036854775808ns\"\n  hint: write a shorter duration, e.g. \"24h\""
        ),
        (
            "99999999999999999999h",
            "error: expected a duration of at most 2562047h47m16.854775807s (9223372036854775807ns, about 292 years), found \"99999999999999999999h\"\n  hint: write a shorter duration, e.g. \"24h\""
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
        (
            "1s1h",
            "error: expected the parts of a duration largest first, hours and minutes before the last (such as \"1h05m30.250s\"), found \"1s1h\"\n  hint: write each unit once, hours, then minutes, then one part in any smaller unit"
        ),
        (
            "1m1m",
            "error: expected the parts of a duration largest first, hours and minutes before the last (such as \"1h05m30.250s\"), found \"1m1m\"\n  hint: write each unit once, hours, then minutes, then one part in any smaller unit"
        ),
        (
            "1.5h30m",
            "error: expected whole hours and minutes before the last part of a duration, found \"1.5h30m\"\n  hint: write a fraction only in the last part, e.g. \"1h30m\" or \"1.5h\""
        ),
        (
            "1m30",
            "error: expected a unit after 1m30, found \"1m30\"\n  hint: add one of the units ns, us, ms, s, m, h, e.g. \"1m30ms\""
        ),
        (
            "2562047h47m16.854775808s",
            "error: expected a duration of at most 2562047h47m16.854775807s (9223372036854775807ns, about 292 years), found \"2562047h47m16.854775808s\"\n  hint: write a shorter duration, e.g. \"24h\""
        ),
    ])
    func rejectsWithAClearError(_ text: String, _ expected: String) {
        #expect(renderedError { _ = try ScenarioDuration(parsing: text) } == expected)
    }

    @Test func codesThroughTheBridgeAsAString() throws {
        let durations = [ScenarioDuration.seconds(90), .milliseconds(1)]
        let value = try JSONValueEncoder().encode(durations)
        #expect(value == ["1m30.000s", "0.001s"])
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
