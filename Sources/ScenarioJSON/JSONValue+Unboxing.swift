/// Reading Swift scalars out of JSON values for the decoder, with the error texts users see.
extension JSONValue {
    func mismatch(_ expected: String, at path: JSONCodingPath) -> JSONError {
        .decoding("expected \(expected), found \(kindDescription)", hint: mismatchHint(expected), at: path)
    }

    /// What to write instead, for a value that is not `expected`.
    func mismatchHint(_ expected: String) -> String {
        switch (expected, self) {
        case (_, .string) where !expected.contains("string"): return "write \(expected) here, without quotes"
        case ("a string", _): return "write the value in double quotes"
        case ("a bool", _): return "write true or false"
        default: return "write \(expected) here"
        }
    }

    func unboxBool(at path: @autoclosure () -> JSONCodingPath) throws -> Bool {
        guard case .bool(let flag) = self else { throw mismatch("a bool", at: path()) }
        return flag
    }

    func unboxString(at path: @autoclosure () -> JSONCodingPath) throws -> String {
        guard case .string(let text) = self else { throw mismatch("a string", at: path()) }
        return text
    }

    func unboxDouble(at path: @autoclosure () -> JSONCodingPath) throws -> Double {
        switch self {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch("a number", at: path())
        }
    }

    func unboxFloat(at path: @autoclosure () -> JSONCodingPath) throws -> Float {
        let narrowed = Float(try unboxDouble(at: path()))
        guard narrowed.isFinite else {
            throw JSONError.decoding(
                "expected a number within the range of Float, found \(kindDescription)",
                hint: "write a number between -3.4e38 and 3.4e38", at: path())
        }
        return narrowed
    }

    func unboxInt(at path: @autoclosure () -> JSONCodingPath) throws -> Int {
        if case .integer(let number) = self { return Int(number) }
        return try unboxInteger(Int.self, at: path())
    }

    func unboxInteger<I: FixedWidthInteger>(_ type: I.Type, at path: @autoclosure () -> JSONCodingPath) throws -> I {
        switch self {
        case .integer(let number):
            guard number >= I.min, number <= I.max else {
                throw JSONError.decoding(
                    "expected an integer between \(I.min) and \(I.max) (\(I.self)), found \(number)",
                    hint: "write a number in that range, or widen the Swift type", at: path())
            }
            return I(truncatingIfNeeded: number)
        case .double(let number) where number.rounded(.towardZero) == number:
            throw JSONError.decoding(
                "expected an integer, found \(kindDescription)",
                hint: "write it without a fraction, e.g. \(Int64(exactly: number).map(String.init) ?? "0")",
                at: path())
        default:
            throw mismatch("an integer", at: path())
        }
    }
}
