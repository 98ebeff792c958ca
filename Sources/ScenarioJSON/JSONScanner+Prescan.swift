extension JSONScanner {
    /// What a byte means to the prescan outside strings (0: skip) and inside strings (0: ordinary).
    private static let outsideClass: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "\""): return 1
        case UInt8(ascii: ":"): return 2
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return 3
        default: return 0
        }
    }

    private static let insideClass: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "\""): return 1
        case UInt8(ascii: "\\"): return 2
        case 0x00..<0x20: return 3
        case 0x80...0xFF: return 4
        default: return 0
        }
    }

    /// One fast pass over text json-c accepted: counts object members (colons outside strings, to detect
    /// duplicate keys json-c dropped) and finds the first raw control character or invalid UTF-8 in a string
    /// and the first integer outside Int64 (which json-c would clamp silently).
    static func prescan(_ bytes: UnsafeBufferPointer<UInt8>) -> (members: Int, problem: Problem?) {
        outsideClass.withUnsafeBufferPointer { outside in
            insideClass.withUnsafeBufferPointer { inside in
                prescan(bytes, outside: outside, inside: inside)
            }
        }
    }

    private static func prescan(
        _ bytes: UnsafeBufferPointer<UInt8>, outside: UnsafeBufferPointer<UInt8>, inside: UnsafeBufferPointer<UInt8>
    ) -> (members: Int, problem: Problem?) {
        var members = 0
        var position = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return (0, nil) }
        while position < count {
            // Indentation first: pretty-printed JSON is mostly runs of spaces, checked eight at a time.
            while position + 8 <= count,
                UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
            {
                position += 8
            }
            while position < count, outside[Int(base[position])] == 0 { position += 1 }
            guard position < count else { break }
            switch outside[Int(base[position])] {
            case 1:
                position += 1
                var nulEscape: Int?
                scanString: while position < count {
                    while position + 8 <= count,
                        !needsAttention(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    {
                        position += 8
                    }
                    while position < count, inside[Int(base[position])] == 0 { position += 1 }
                    guard position < count else { break }
                    switch inside[Int(base[position])] {
                    case 1:
                        break scanString
                    case 2:
                        if nulEscape == nil, position + 5 < count, base[position + 1] == UInt8(ascii: "u"),
                            (2...5).allSatisfy({ base[position + $0] == UInt8(ascii: "0") })
                        {
                            nulEscape = position
                        }
                        position += 2
                    case 3:
                        let byte = bytes[position]
                        let problem = Problem(
                            offset: position,
                            message: "expected '\"' or a string character, found a raw control "
                                + "character (U+00\(hexByte(byte))) in a string",
                            hint: "write it escaped, e.g. \\n, \\t or \\u00\(hexByte(byte))")
                        return (members, problem)
                    default:
                        let length = utf8SequenceLength(bytes, at: position)
                        guard length > 0 else {
                            let problem = Problem(
                                offset: position,
                                message: "expected UTF-8 text, found byte 0x"
                                    + hexByte(bytes[position]), hint: "save the file as UTF-8")
                            return (members, problem)
                        }
                        position += length
                    }
                }
                position += 1
                if let nulEscape, isKey(bytes, endingBefore: position) {
                    // json-c keeps keys as C strings: it would cut this one at the NUL, and merge keys that
                    // differ only after it.
                    let problem = Problem(
                        offset: nulEscape, message: "expected a key without NUL characters, found \\u0000",
                        hint: "remove the \\u0000 from the key")
                    return (members, problem)
                }
            case 2:
                members += 1
                position += 1
            default:
                if let problem = checkInteger(bytes, at: &position) { return (members, problem) }
            }
        }
        return (members, nil)
    }

    /// Whether the string that ends just before `position` is an object key: a ':' follows it.
    private static func isKey(_ bytes: UnsafeBufferPointer<UInt8>, endingBefore position: Int) -> Bool {
        var next = position
        while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: ":")
    }

    /// Whether any of eight string bytes is a quote, a backslash, a control character or non-ASCII
    /// (the classic "has zero byte" bit trick, applied to each byte compared with the interesting values).
    @inline(__always)
    private static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
        return word & highs != 0 || belowSpace || hasZeroByte(word ^ (ones &* 0x22))
            || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Moves past the whole number at `position` (sign, integer part, fraction and exponent, so a long fraction
    /// is never taken for an integer); a problem when it is an integer outside Int64, or when a `.` or an `e` has no
    /// digits after it (which json-c lets through).
    private static func checkInteger(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Problem? {
        let start = position
        func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while isDigit(position) { position += 1 }
        let digits = position - digitsStart
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard isDigit(position) else { return missingDigits(after: ".", bytes, from: start, to: position) }
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { return missingDigits(after: "e", bytes, from: start, to: position) }
            while isDigit(position) { position += 1 }
        }
        guard isInteger, digits >= 19,
            !fitsInt64(UnsafeBufferPointer(rebasing: bytes[digitsStart..<position]), negative: start != digitsStart)
        else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return Problem(
            offset: start,
            message: "expected an integer between -9223372036854775808 and 9223372036854775807, found \(text)",
            hint: "write it as a string, or with a fraction (e.g. \(text).0) to make it a double")
    }

    private static func missingDigits(
        after mark: String, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Problem {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Problem(
            offset: end, message: "expected a digit after '\(mark)' in the number \(text)",
            hint: mark == "." ? "write digits after the '.', e.g. \(text)0" : "write the exponent, e.g. \(text)3")
    }

    /// The length of the valid UTF-8 sequence starting at `position`, or 0 when it is invalid
    /// (overlong forms, surrogates and code points above U+10FFFF are invalid).
    private static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        let sequence = utf8Sequence(bytes, at: position)
        return sequence.isValid ? sequence.length : 0
    }

    /// The UTF-8 sequence starting at `position`: a valid sequence's length; else the length of the longest start of
    /// one there, at least 1 (Unicode's "maximal subpart", which decoders replace with one U+FFFD).
    @inline(__always)
    static func utf8Sequence<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at position: Int
    ) -> (length: Int, isValid: Bool) where Bytes.Index == Int {
        let lead = bytes[position]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return (1, true)
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        case 0xF1...0xF3: length = 4
        default: return (1, false)
        }
        guard position + 1 < bytes.endIndex, second.contains(bytes[position + 1]) else { return (1, false) }
        var taken = 2
        while taken < length, position + taken < bytes.endIndex, bytes[position + taken] & 0xC0 == 0x80 { taken += 1 }
        return (taken, taken == length)
    }

    private static func fitsInt64(_ digits: UnsafeBufferPointer<UInt8>, negative: Bool) -> Bool {
        let limit = Array((negative ? "9223372036854775808" : "9223372036854775807").utf8)
        if digits.count != limit.count { return digits.count < limit.count }
        return !digits.lexicographicallyPrecedes(limit) ? digits.elementsEqual(limit) : true
    }

    static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }
}
