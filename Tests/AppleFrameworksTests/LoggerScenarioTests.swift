import Combine
import OSLog
import Rehearsal
import ScenarioJSON
import Testing

/// A ViewModel that logs as teams do, with every kind of interpolation argument `Logger` takes.
final class FeedViewModel {
    struct Input { let load = PassthroughSubject<String, Never>() }
    let input = Input()
    private let logger = Logger(subsystem: "com.example.feed", category: "feed")
    private var cancellables = Set<AnyCancellable>()

    init() {
        let logger = self.logger
        input.load
            .sink { user in
                logger.info("loading the feed for \(user)")
                logger.debug("user \(user, privacy: .public) on page \(2)")
                let ratio = 0.5
                logger.error(
                    """
                    retry \(26, format: .hex(includePrefix: true)) ratio \(ratio, format: .fixed(precision: 2)) \
                    cached \(true, format: .answer) \(Int.self)
                    """)
                logger.notice("[\(user, align: .left(columns: 6), privacy: .public)] [\(7, align: .right(columns: 3))]")
                logger.critical("token \(user, privacy: .private(mask: .hash)) count \(3, privacy: .private)")
                os_log("legacy %{public}@ %@ %d %.1f%%", log: .default, type: .fault, user, user, 42, 99.5)
                os_log(
                    .info, log: OSLog(subsystem: "com.example", category: "legacy"), "modern \(user, privacy: .public)")
                Logger().log("plain")
            }
            .store(in: &cancellables)
    }
}

let loggingCatalog = Catalog {
    ViewModelEntry("Feed") { _ in FeedViewModel() }
}

/// `Logger` and `os_log` lines in a timeline, as the unified log keeps them. Apple documents the privacy of
/// interpolated values (OSLogPrivacy): "When you don't specify a privacy level, the system treats numeric and Boolean
/// values as public and dynamic strings and complex dynamic objects as private"; `Logger`'s `notice` logs at the
/// default level, `warning` at the error level, `critical` at the fault level, `trace` and `debug` at debug. os_log's
/// `%{public}@` shows a string, `%@` alone does not.
@Suite(.serialized) struct LoggerScenarioTests {
    @Test func withRecordLogsEveryLineIsAnEventAtItsLevelWithPrivateValuesRedacted() throws {
        let run = try play(
            #"{"viewModel": "Feed", "recordLogs": true, "steps": [{"at": "1s", "send": "load", "value": "kim"}]}"#,
            catalog: loggingCatalog)

        let feed = #""subsystem": "com.example.feed", "category": "feed""#
        #expect(run.findings == [])
        #expect(
            run.lines == [
                #"{"at": "1.000s", "input": "load", "value": "kim"}"#,
                #"{"at": "1.000s", "log": "info", \#(feed), "message": "loading the feed for <private>"}"#,
                #"{"at": "1.000s", "log": "debug", \#(feed), "message": "user kim on page 2"}"#,
                #"{"at": "1.000s", "log": "error", \#(feed), "message": "retry 0x1a ratio 0.50 cached YES Int"}"#,
                #"{"at": "1.000s", "log": "default", \#(feed), "message": "[kim   ] [  7]"}"#,
                #"{"at": "1.000s", "log": "fault", \#(feed), "message": "token <private> count <private>"}"#,
                #"{"at": "1.000s", "log": "fault", "message": "legacy kim <private> 42 99.5%"}"#,
                #"{"at": "1.000s", "log": "info", "subsystem": "com.example", "category": "legacy", "#
                    + #""message": "modern kim"}"#,
                #"{"at": "1.000s", "log": "default", "message": "plain"}"#,
            ])
    }

    @Test func withoutRecordLogsLinesAreNotRecorded() throws {
        let run = try play(
            #"{"viewModel": "Feed", "steps": [{"at": "1s", "send": "load", "value": "kim"}]}"#, catalog: loggingCatalog)

        #expect(run.findings == [])
        #expect(run.lines == [#"{"at": "1.000s", "input": "load", "value": "kim"}"#])
    }

    @Test func recordLogsMustBeABoolean() throws {
        let text = #"{"viewModel": "Feed", "recordLogs": "yes"}"#
        let document = try JSONFileResolver(root: ".").parse(text, path: "inline.json")
        let error = #expect(throws: ScenarioLoadError.self) {
            try ScenarioLoader(root: ".").scenario(from: document, name: "x")
        }
        #expect(
            error?.diagnostics.map(\.description) == [
                """
                inline.json:1:37: error: expected true or false for 'recordLogs', found the string "yes"
                {"viewModel": "Feed", "recordLogs": "yes"}
                                                    ^
                  hint: write "recordLogs": true or "recordLogs": false, without quotes
                """
            ])
    }
}
