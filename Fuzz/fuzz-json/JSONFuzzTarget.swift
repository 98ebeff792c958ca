import FuzzSupport
import ScenarioJSON

/// `fuzz-json`: JSONParser and JSONDocument's locating.
///
/// Every refusal is located inside the input, with an excerpt of its line and a hint. Every accepted text is written
/// back in each canonical style, and that text parses to the same value (and the same bytes once more). Every value
/// of an accepted text (up to `JSONLocationCheck.limit`) is located where its token starts, and reads back from
/// there as itself; a member is located at its key with `atKey`; a pointer to nothing inside a value falls back to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzText(path: "fuzz.json", bytes: fuzzBytes(data, count))
    let document: JSONDocument
    do {
        document = try JSONParser().parse(bytes: text.bytes, path: text.path)
    } catch {
        checkRefusal(error, in: text)
        return 0
    }
    checkCanonicalWriting(document.root)
    JSONLocationCheck(document: document, text: text).run()
    return 0
}

/// A refusal says where (inside the input), what was expected, and one hint.
func checkRefusal(_ error: JSONError, in text: FuzzText) {
    text.checkLocated(error)
    fuzzCheck(error.message.hasPrefix("expected "), "the error '\(error.headline)' does not say what was expected")
    fuzzCheck(error.referencedFrom.isEmpty, "the error '\(error.headline)' names $file references")
}

/// Each writer style's text parses back to the same value, and writes the same bytes again.
func checkCanonicalWriting(_ value: JSONValue) {
    let styles: [JSONWriter.Style] = [.compact, .spaced, .pretty, .timeline(arrayKeys: ["events"])]
    let compact = JSONWriter(style: .compact).bytes(value)
    for style in styles {
        let written = JSONWriter(style: style).bytes(value)
        let again: JSONValue
        do {
            again = try JSONParser().parse(bytes: written, path: "written.json").root
        } catch {
            fatalError("the \(style) text of an accepted value is refused: \(error)")
        }
        fuzzCheck(again == value, "the \(style) text parses to another value: \(again) for \(value)")
        fuzzCheck(
            JSONWriter(style: .compact).bytes(again) == compact,
            "the \(style) text parses to a value with other bytes: \(again) for \(value)")
        fuzzCheck(JSONWriter(style: style).bytes(again) == written, "the \(style) text is not stable")
    }
}
