/// A small scanner over JSON text that json-c has already accepted. It finds what json-c does not report
/// (raw control characters in strings, integers outside Int64, duplicate keys) and walks to the value a
/// JSON Pointer names, so locations are computed only on the error path.
struct JSONScanner {
    let bytes: [UInt8]

    struct Problem: Equatable {
        var offset: Int
        var message: String
        var hint: String?
    }

    // MARK: Walking

    private func skipWhitespace(_ position: inout Int) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// Decodes the string starting at the quote at `position` and moves past its closing quote.
    private func readString(_ position: inout Int) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            guard bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count else {
                raw.append(bytes[position])
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "n"): raw.append(0x0A)
            case UInt8(ascii: "t"): raw.append(0x09)
            case UInt8(ascii: "r"): raw.append(0x0D)
            case UInt8(ascii: "b"): raw.append(0x08)
            case UInt8(ascii: "f"): raw.append(0x0C)
            case UInt8(ascii: "u"):
                flush()
                var code = readHex4(&position)
                if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    var next = position + 2
                    let low = readHex4(&next)
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        position = next
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: raw.append(escape)
            }
        }
        flush()
        position += 1
        return String(scalars)
    }

    private func readHex4(_ position: inout Int) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 where position < bytes.count {
            let byte = bytes[position] | 0x20
            let digit = byte >= UInt8(ascii: "a") ? UInt32(byte) - 87 : UInt32(byte) - 48
            value = value << 4 | (digit & 0xF)
            position += 1
        }
        return value
    }

    /// The string whose opening quote is at `offset`, decoded.
    func string(at offset: Int) -> String {
        var position = offset
        return readString(&position)
    }

    /// Moves past the string starting at the quote at `position`, without decoding it.
    private func skipString(_ position: inout Int) {
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 2
            default:
                position += 1
            }
        }
    }

    /// Where the object or array starting at `start` ends (the offset after its closing bracket); `nil` for a
    /// scalar, which never spans lines.
    /// - Complexity: O(the value's length).
    func end(ofContainerAt start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else {
            return nil
        }
        var position = start
        skipValue(&position)
        return position
    }

    /// Moves past the value starting at `position` (which must not be whitespace).
    private func skipValue(_ position: inout Int) {
        var depth = 0
        repeat {
            guard position < bytes.count else { return }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                skipString(&position)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                UInt8(ascii: "\t"):
                position += 1
            default:
                while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
            }
        } while depth > 0
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: "\""):
            return true
        default:
            return false
        }
    }

    /// The byte offset where the value named by `pointer` starts, or `nil` when the text has no such value.
    /// With duplicate keys the last one wins, as in the parsed value. With `atKey`, the offset of the member's key
    /// instead, when the pointer ends in an object member (an unknown or misspelt key is reported there).
    ///
    /// - Complexity: each container on the way is scanned once per `index`; later lookups through it are O(1),
    ///   so locating n values costs O(text) in all, not O(n · text).
    func offset(of pointer: JSONPointer, index: JSONSourceIndex, atKey: Bool = false) -> Int? {
        var position = 0
        skipWhitespace(&position)
        for (number, token) in pointer.tokens.enumerated() {
            guard position < bytes.count else { return nil }
            let start = position
            if bytes[start] == UInt8(ascii: "{") {
                let members = index.members(ofObjectAt: start) { memberTable(ofObjectAt: start) }
                guard let found = members[token] else { return nil }
                position = atKey && number == pointer.tokens.count - 1 ? found.key : found.value
            } else if bytes[start] == UInt8(ascii: "["), let element = JSONPointer.arrayIndex(token) {
                let elements = index.elements(ofArrayAt: start) { elementTable(ofArrayAt: start) }
                guard elements.indices.contains(element) else { return nil }
                position = elements[element]
            } else {
                return nil
            }
        }
        return position
    }

    /// Each member's key and value offsets by key (the last one for a repeated key).
    private func memberTable(ofObjectAt start: Int) -> [String: JSONMemberOffsets] {
        var table: [String: JSONMemberOffsets] = [:]
        forEachMember(ofObjectAt: start) { key, keyOffset, valueOffset in
            table[key] = JSONMemberOffsets(key: keyOffset, value: valueOffset)
        }
        return table
    }

    /// Each element's offset, in order.
    private func elementTable(ofArrayAt start: Int) -> [Int] {
        var offsets: [Int] = []
        var position = start + 1
        skipWhitespace(&position)
        while position < bytes.count, bytes[position] != UInt8(ascii: "]") {
            offsets.append(position)
            skipValue(&position)
            skipWhitespace(&position)
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            skipWhitespace(&position)
        }
        return offsets
    }

    /// Calls `body(key, keyOffset, valueOffset)` for each member of the object at `start`.
    private func forEachMember(ofObjectAt start: Int, _ body: (String, Int, Int) -> Void) {
        var position = start + 1
        skipWhitespace(&position)
        while position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            let keyOffset = position
            let key = readString(&position)
            skipWhitespace(&position)
            position += 1
            skipWhitespace(&position)
            body(key, keyOffset, position)
            skipValue(&position)
            skipWhitespace(&position)
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            skipWhitespace(&position)
        }
    }

    /// The first key that repeats within one object (keys are equal as Swift strings are: canonically equivalent): its
    /// offset, and the offset of its first occurrence.
    func firstDuplicateKey() -> (key: String, offset: Int, firstOffset: Int)? {
        var position = 0
        skipWhitespace(&position)
        return firstDuplicateKey(inValueAt: position)
    }

    private func firstDuplicateKey(inValueAt start: Int) -> (key: String, offset: Int, firstOffset: Int)? {
        guard start < bytes.count else { return nil }
        var found: (key: String, offset: Int, firstOffset: Int)?
        if bytes[start] == UInt8(ascii: "{") {
            var seen: [String: Int] = [:]
            forEachMember(ofObjectAt: start) { key, keyOffset, valueOffset in
                guard found == nil else { return }
                if let first = seen[key] {
                    found = (key, keyOffset, first)
                } else {
                    seen[key] = keyOffset
                    found = firstDuplicateKey(inValueAt: valueOffset)
                }
            }
        } else if bytes[start] == UInt8(ascii: "[") {
            var position = start + 1
            skipWhitespace(&position)
            while found == nil, position < bytes.count, bytes[position] != UInt8(ascii: "]") {
                found = firstDuplicateKey(inValueAt: position)
                skipValue(&position)
                skipWhitespace(&position)
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
                skipWhitespace(&position)
            }
        }
        return found
    }
}
