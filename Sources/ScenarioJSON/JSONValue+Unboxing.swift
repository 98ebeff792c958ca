/// Reading Swift scalars out of JSON values for the decoder, with the error texts users see.
extension JSONValue {
    func mismatch(_ expected: String, at path: JSONCodingPath) -> JSONError {
        .decoding("expected \(expected), found \(kindDescription)", at: path)
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
                at: path())
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
                    at: path())
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
