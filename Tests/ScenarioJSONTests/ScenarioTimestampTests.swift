import Testing

@testable import ScenarioJSON

/// RFC 3339 date-times (the `internet date/time` production: full-date "T" full-time, with "Z" or a numeric offset,
/// and optional fraction digits), parsed exactly to nanoseconds since 1970.
@Suite("ScenarioTimestamp")
struct ScenarioTimestampTests {
    @Test(
        arguments: [
            ("1970-01-01T00:00:00Z", 0, "1970-01-01T00:00:00Z"),
            ("2026-01-01T09:00:00Z", 1_767_258_000_000_000_000, "2026-01-01T09:00:00Z"),
            ("2026-01-01T10:00:00+01:00", 1_767_258_000_000_000_000, "2026-01-01T09:00:00Z"),
            ("2025-12-31T23:30:00-09:30", 1_767_258_000_000_000_000, "2026-01-01T09:00:00Z"),
            ("2024-02-29T12:00:00.25Z", 1_709_208_000_250_000_000, "2024-02-29T12:00:00.25Z"),
            ("2026-01-01t09:00:00.000000001z", 1_767_258_000_000_000_001, "2026-01-01T09:00:00.000000001Z"),
            ("2200-12-31T23:59:59Z", 7_289_654_399_000_000_000, "2200-12-31T23:59:59Z"),
        ] as [(String, Int64, String)])
    func parsesExactlyAndWritesUTC(_ text: String, _ nanoseconds: Int64, _ canonical: String) throws {
        let timestamp = try ScenarioTimestamp(parsing: text)
        #expect(timestamp.nanosecondsSince1970 == nanoseconds)
        #expect(timestamp.description == canonical)
        #expect(try ScenarioTimestamp(parsing: canonical) == timestamp)
    }

    @Test(
        arguments: [
            ("2026-13-01T09:00:00Z", "expected a valid date and time, found \"2026-13-01T09:00:00Z\""),
            (
                "2025-02-29T09:00:00Z",
                "expected a valid date and time, found \"2025-02-29T09:00:00Z\" (that month has 28 days)"
            ),
            ("2026-01-01T24:00:00Z", "expected a valid date and time, found \"2026-01-01T24:00:00Z\""),
            ("1969-12-31T23:59:59Z", "expected a year from 1970 to 2200, found \"1969-12-31T23:59:59Z\""),
            ("2026-01-01T09:00:00.Z", "expected digits after the '.', found \"2026-01-01T09:00:00.Z\""),
            (
                "2026-01-01T09:00:00.1234567891Z",
                "expected at most 9 fraction digits (nanoseconds), found \"2026-01-01T09:00:00.1234567891Z\""
            ),
            (
                "2026-01-01T09:00:00+1:00",
                "expected a time zone offset such as +01:00, found \"2026-01-01T09:00:00+1:00\""
            ),
            (
                "2026-01-01T09:00:00Z ",
                "expected a date and time such as \"2026-01-01T09:00:00Z\", found \"2026-01-01T09:00:00Z \""
            ),
            ("", "expected a date and time such as \"2026-01-01T09:00:00Z\", found \"\""),
        ] as [(String, String)])
    func rejectsWithAClearError(_ text: String, _ message: String) {
        let error = #expect(throws: TextValueError.self) { try ScenarioTimestamp(parsing: text) }
        #expect(error?.message == message)
        #expect(error?.hint.isEmpty == false)
    }

    @Test func theDefaultScenarioStartIsTheDocumentedInstant() throws {
        #expect(ScenarioTimestamp.defaultScenarioStart == (try ScenarioTimestamp(parsing: "2026-01-01T09:00:00Z")))
    }
}
