import Foundation

extension _JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("a bool") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch("a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        let narrowed = Float(number)
        guard narrowed.isFinite else {
            throw error("expected a number within the range of Float, found \(value.kindDescription)")
        }
        return narrowed
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        switch value {
        case .integer(let number):
            guard let exact = I(exactly: number) else {
                throw error("expected an integer between \(I.min) and \(I.max) (\(I.self)), found \(number)")
            }
            return exact
        case .double(let number) where number.rounded(.towardZero) == number:
            throw error("expected an integer, found \(value.kindDescription)",
                        hint: "write it without a fraction, e.g. \(Int64(exactly: number).map(String.init) ?? "0")")
        default:
            throw mismatch("an integer")
        }
    }

    /// Decodes `type`, handling `JSONValue`, `Date`, `Data` and `URL` specially.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self, let same = value as? T { return same }
        if type == Date.self, let date = try decodeDate() as? T { return date }
        if type == Data.self, let data = try decodeData() as? T { return data }
        if type == URL.self, let url = try decodeURL() as? T { return url }
        do {
            return try T(from: self)
        } catch var error as JSONError where error.pointer == nil {
            // Errors thrown by a type's own `init(from:)` (e.g. ScenarioDuration) get this value's place.
            error.pointer = path.pointer
            error.codingPath = path.text
            throw error
        }
    }

    private func decodeDate() throws -> Date {
        switch options.dateDecodingStrategy {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: Double(try decode(Int64.self)) / 1000)
        case .iso8601:
            let text = try decode(String.self)
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions.insert(.withFractionalSeconds)
            guard let date = formatter.date(from: text) else {
                throw error("expected an ISO 8601 date, found \(value.kindDescription)",
                            hint: "write it like \"2026-11-29T12:00:00Z\"")
            }
            return date
        }
    }

    private func decodeData() throws -> Data {
        let text = try decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw error("expected base64 text, found \(value.kindDescription)")
        }
        return data
    }

    private func decodeURL() throws -> URL {
        let text = try decode(String.self)
        guard let url = URL(string: text) else { throw error("expected a URL, found \(value.kindDescription)") }
        return url
    }
}
