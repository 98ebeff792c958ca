import Foundation

/// Floods through the command line, end to end with the release-built `rehearsal` (one worker, the default timeout):
///
/// - `cli.run_100000_unused_responses` and `cli.validate_100000_unused_responses` (seconds): a Contributors scenario
///   with 100,000 scripted responses no call uses, run and validated; `cli.validate_vs_run_100000_ratio` is their
///   ratio (validate does less, so the target is at most 1.5) and `cli.run_100000_unused_printed` what `run` prints
///   (KB; 20 findings in full and one counting line).
/// - `cli.record_20000_calls` and `cli.record_stream_20000_elements` (seconds): a User scenario that loads 20,000
///   times (one call and one response each, six events) and a Favorites scenario whose one call is answered by a
///   stream of 20,000 elements (two events each), recorded; `cli.calls_us_per_event`, `cli.stream_us_per_event`,
///   and `cli.stream_vs_calls_per_event_ratio`, whose target is at most 1: a stream element costs no more than
///   any other response.
enum CLIFloodBench {
    static func run(_ executable: URL) throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-flood-bench-\(getpid())")
        try? FileManager.default.removeItem(at: project)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        try write(unusedResponses(100_000), to: project.appendingPathComponent("Scenarios/unused.json"))
        let run = try measureSeconds {
            try CLIBench.launch(executable, ["run", "Scenarios/unused.json"], in: project, status: 1)
        }
        let validate = try measureSeconds {
            try CLIBench.launch(executable, ["validate", "Scenarios/unused.json"], in: project, status: 1)
        }
        report("cli.run_100000_unused_responses", run, "s", decimals: 2)
        report("cli.validate_100000_unused_responses", validate, "s", decimals: 2)
        report("cli.validate_vs_run_100000_ratio", validate / run, "x", decimals: 2)
        let printed = try CLIBench.printedBytes(executable, ["run", "Scenarios/unused.json"], in: project, status: 1)
        report("cli.run_100000_unused_printed", Double(printed) / 1_000, "KB")

        let count = 20_000
        try write(calls(count), to: project.appendingPathComponent("Scenarios/calls.json"))
        try write(stream(count), to: project.appendingPathComponent("Scenarios/stream.json"))
        let calls = try measureSeconds {
            try CLIBench.launch(executable, ["record", "Scenarios/calls.json"], in: project)
        }
        let streamed = try measureSeconds {
            try CLIBench.launch(executable, ["record", "Scenarios/stream.json"], in: project)
        }
        // Events: 3 states at setup, then 6 per load; 7 around the stream (states, input, call, end), 2 per element.
        let callsPerEvent = calls / Double(3 + 6 * count) * 1e6
        let streamPerEvent = streamed / Double(7 + 2 * count) * 1e6
        report("cli.record_20000_calls", calls, "s", decimals: 2)
        report("cli.record_stream_20000_elements", streamed, "s", decimals: 2)
        report("cli.calls_us_per_event", callsPerEvent, "us/event")
        report("cli.stream_us_per_event", streamPerEvent, "us/event")
        report("cli.stream_vs_calls_per_event_ratio", streamPerEvent / callsPerEvent, "x", decimals: 2)
    }

    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    static func unusedResponses(_ count: Int) -> String {
        let responses = (0..<count).map { _ in #"    {"return": {"items": [], "cursor": null}}"# }
        return "{\n  \"viewModel\": \"Contributors\", \"config\": {\"storeId\": 42},\n"
            + "  \"mocks\": {\"StoreRepository.fetchContributors\": [\n" + responses.joined(separator: ",\n")
            + "\n  ]},\n  \"steps\": []\n}\n"
    }

    static func calls(_ count: Int) -> String {
        let steps = (0..<count).map { #"    {"wait": "1s", "send": "loadUser", "value": "u\#($0)"}"# }
        return "{\n  \"viewModel\": \"User\",\n  \"mocks\": {\"UserService.fetchUser\": [\n"
            + #"    {"after": "10ms", "return": {"id": "u", "name": "Kim"}, "times": \#(count)}"#
            + "\n  ]},\n  \"steps\": [\n" + steps.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func stream(_ count: Int) -> String {
        let elements = (0..<count).map { #"    {"after": "1ms", "yield": [\#($0)]}"# }
        return
            "{\n  \"viewModel\": \"Favorites\",\n  \"mocks\": {\"FavoritesService.favoriteUpdates\": [{\"stream\": [\n"
            + elements.joined(separator: ",\n") + "\n  ]}]},\n  \"steps\": [{\"send\": \"viewDidLoad\"}]\n}\n"
    }
}
