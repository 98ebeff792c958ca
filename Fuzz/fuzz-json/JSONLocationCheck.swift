import FuzzSupport
import ScenarioJSON

/// Locates the values of an accepted document and checks each location against the text.
struct JSONLocationCheck {
    /// The most values located per input (locating is linear in the text; inputs are small).
    static let limit = 64

    let document: JSONDocument
    let text: FuzzText

    func run() {
        var pending: [(JSONPointer, JSONValue)] = [(.root, document.root)]
        var checked = 0
        while let (pointer, value) = pending.popLast(), checked < Self.limit {
            checked += 1
            checkValue(value, at: pointer)
            fuzzCheck(
                JSONPointer(parsing: pointer.description) == pointer,
                "the pointer \(pointer) does not read back from its text")
            switch value {
            case .array(let elements):
                checkFallback(pointer.appending(elements.count), to: pointer)
                for (index, element) in elements.enumerated().reversed() {
                    pending.append((pointer.appending(index), element))
                }
            case .object(let object):
                checkFallback(pointer.appending("\u{1}missing"), to: pointer)
                for member in object.members.reversed() {
                    checkKey(member.key, of: pointer.appending(member.key))
                    pending.append((pointer.appending(member.key), member.value))
                }
            default:
                checkFallback(pointer.appending("0"), to: pointer)
            }
        }
    }

    /// The value's location is where its token starts, and the token there reads back as the value.
    private func checkValue(_ value: JSONValue, at pointer: JSONPointer) {
        let location = document.location(of: pointer)
        let offset = text.offset(of: location, "the value at \(pointer)")
        text.checkExcerpt(document.excerpt(of: pointer), at: offset, "the value at \(pointer)")
        let byte = text.bytes[offset]
        switch value {
        case .object: fuzzCheck(byte == UInt8(ascii: "{"), "the object at \(pointer) is located at \(shown(location))")
        case .array: fuzzCheck(byte == UInt8(ascii: "["), "the array at \(pointer) is located at \(shown(location))")
        default:
            let token = self.token(at: offset)
            let read = try? JSONParser().parse(bytes: token, path: "token.json").root
            fuzzCheck(
                read.map { JSONWriter().bytes($0) } == JSONWriter().bytes(value),
                "the value at \(pointer) (\(value)) is located at \(shown(location)), where "
                    + "\(String(decoding: token, as: UTF8.self).debugDescription) is written")
        }
    }

    /// A member's diagnostic `atKey` is located at its key's opening quote, and the string there is the key.
    private func checkKey(_ key: String, of pointer: JSONPointer) {
        let diagnostic = document.diagnostic(at: pointer, "unknown key", atKey: true)
        let offset = text.offset(of: diagnostic.location, "the key of \(pointer)")
        let read = try? JSONParser().parse(bytes: token(at: offset), path: "key.json").root
        fuzzCheck(
            read.map { JSONWriter().bytes($0) } == JSONWriter().bytes(.string(key)),
            "the key of \(pointer) is located at \(shown(diagnostic.location))")
    }

    /// A pointer to nothing inside the value at `pointer` is located at that value.
    private func checkFallback(_ missing: JSONPointer, to pointer: JSONPointer) {
        fuzzCheck(
            document.location(of: missing) == document.location(of: pointer),
            "the missing \(missing) is located at \(shown(document.location(of: missing))), not at \(pointer)")
    }

    /// The bytes of the scalar token (string, number or literal) starting at `offset`.
    private func token(at offset: Int) -> [UInt8] {
        let bytes = text.bytes
        var end = offset
        if bytes[offset] == UInt8(ascii: "\"") {
            end += 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            return Array(bytes[offset..<min(end + 1, bytes.count)])
        }
        let delimiters: [UInt8] = Array(" \t\r\n,]}:".utf8)
        while end < bytes.count, !delimiters.contains(bytes[end]) { end += 1 }
        return Array(bytes[offset..<end])
    }
}
