import FuzzSupport
import Rehearsal
import ScenarioJSON

/// `fuzz-golden`: the golden reader, timeline formats 1 and 2.
///
/// A refusal is located inside the file, with an excerpt of its line and a hint. An accepted golden's canonical text
/// (what `record` and `migrate` write) reads back as the same timeline in the current format, is canonical, and is
/// the same bytes when written again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGolden(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzText(path: "fuzz.timeline.json", bytes: fuzzBytes(data, count))
    let golden: GoldenFile
    do {
        golden = try GoldenFile(bytes: text.bytes, path: text.path)
    } catch {
        text.checkLocated(error)
        return 0
    }
    let canonical = Array(golden.timeline.canonicalText.utf8)
    let again: GoldenFile
    do {
        again = try GoldenFile(bytes: canonical, path: "written.timeline.json")
    } catch {
        fatalError("the canonical text of an accepted golden is refused: \(error)")
    }
    fuzzCheck(again.format == .current, "the canonical text is read as format \(again.format.rawValue)")
    fuzzCheck(again.timeline == golden.timeline, "the canonical text reads as another timeline")
    fuzzCheck(again.isCanonical(canonical), "the canonical text is not canonical")
    fuzzCheck(
        Array(again.timeline.canonicalText.utf8) == canonical, "the canonical text is not the same when written again")
    return 0
}
