import FuzzSupport
import Rehearsal
import ScenarioJSON

/// `fuzz-token`: the replay token parser (`explore --replay`, a scenario's `"schedule"`).
///
/// A token that parses renders back to exactly its text (one text per schedule), and that text parses to the same
/// token. A refusal is the one message that shows what a token looks like, with the text quoted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToken(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: fuzzBytes(data, count), as: UTF8.self)
    let token: ScheduleToken
    do {
        token = try ScheduleToken(parsing: text)
    } catch {
        let expected = "expected a replay token such as x1.5f3a9c21.4-2.11-1, found \(JSONWriter.quoted(text))"
        fuzzCheck(error.message == expected, "the refusal of \(text.debugDescription) says '\(error.message)'")
        fuzzCheck(error.hint != nil, "the refusal of \(text.debugDescription) has no hint")
        return 0
    }
    fuzzCheck(
        Array(token.description.utf8) == Array(text.utf8),
        "\(text.debugDescription) parses to a token written \(token.description.debugDescription)")
    fuzzCheck(
        (try? ScheduleToken(parsing: token.description)) == token,
        "\(token.description.debugDescription) does not parse back to its token")
    return 0
}
