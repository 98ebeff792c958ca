import FuzzSupport
import RehearsalCLI
import ScenarioJSON

/// `fuzz-results`: the reader of `--reporter json` results, and what `rehearsal report` builds from them.
///
/// A refusal is located inside the file (or names the file, for a value that does not fit). Accepted results
/// written again read back as the same results, and that text is stable; the report of them (the HTML page and the
/// trace `report` writes) is built without a crash, the trace being JSON that parses; the shard check of them (alone,
/// and given twice) is made without a crash, and the durations `report` writes of them read back as themselves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResults(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzText(path: "results.json", bytes: fuzzBytes(data, count))
    let results: RunResults
    do {
        results = try RunResults.read(text.bytes, path: text.path)
    } catch {
        if error.line != nil {
            text.checkLocated(error)
        } else {
            fuzzCheck(error.path == text.path, "the error '\(error.headline)' names no file")
            fuzzCheck(error.hint.map { !$0.isEmpty } ?? false, "the error '\(error.headline)' has no hint")
        }
        return 0
    }
    let written: String
    do {
        written = try results.text()
    } catch {
        fatalError("accepted results cannot be written: \(error)")
    }
    let again: RunResults
    do {
        again = try RunResults.read(Array(written.utf8), path: "written.json")
    } catch {
        fatalError("written results are refused: \(error)")
    }
    fuzzCheck(again == results, "written results read back as other results")
    fuzzCheck((try? again.text()) == written, "written results are not the same when written again")
    let report = ReportCommand.report(of: [results], files: [text.path], root: emptyRoot, program: "rehearsal")
    fuzzCheck(!HTMLReport(report).page.isEmpty, "the report page is empty")
    let trace = JSONWriter(style: .compact).bytes(TraceWriter(report).json)
    fuzzCheck((try? JSONParser().parse(bytes: trace)) != nil, "the trace is not JSON the parser reads")
    _ = ShardCoverage([results], files: [text.path])
    let twice = ShardCoverage([results, results], files: [text.path, "again.json"])
    fuzzCheck(
        results.shard == nil || !twice.problems.isEmpty, "the same shard's results given twice raise no problem")
    let durations = ScenarioDurations(results.scenarios)
    fuzzCheck(
        (try? ScenarioDurations.read(Array(durations.text.utf8), path: "durations.json")) == durations,
        "the durations of the results do not read back as themselves")
    return 0
}

/// A root with no scenario files or goldens under it (it does not exist), for the report.
let emptyRoot = "/nonexistent/rehearsal-fuzz-root"
