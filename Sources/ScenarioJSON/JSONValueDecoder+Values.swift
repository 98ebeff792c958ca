import Foundation

extension _JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try value.unboxBool(at: path) }
    func decode(_ type: String.Type) throws -> String { try value.unboxString(at: path) }
    func decode(_ type: Double.Type) throws -> Double { try value.unboxDouble(at: path) }
    func decode(_ type: Float.Type) throws -> Float { try value.unboxFloat(at: path) }
    func decode(_ type: Int.Type) throws -> Int { try value.unboxInteger(type, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.unboxInteger(type, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.unboxInteger(type, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.unboxInteger(type, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.unboxInteger(type, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.unboxInteger(type, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.unboxInteger(type, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.unboxInteger(type, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.unboxInteger(type, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.unboxInteger(type, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// A decoder of `{"<name>": {}}` at this value's place: an enum case without payload, written by its name.
    private func caseObject(named name: String) -> _JSONValueDecoder {
        var object = JSONObject()
        object[name] = .object(JSONObject())
        return _JSONValueDecoder(value: .object(object), path: path, context: context)
    }

    /// Decodes `type`, handling `JSONValue` and the Foundation values `Date`, `Data`, `URL`, `UUID`, `Decimal` and
    /// `IndexPath` specially (in the shape Apple's `JSONEncoder` writes them), each with a hint when it does not fit.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return reinterpret(value, as: type) }
        if type == Date.self { return reinterpret(try decodeDate(), as: type) }
        if type == Data.self { return reinterpret(try decodeData(), as: type) }
        if type == URL.self { return reinterpret(try decodeURL(), as: type) }
        if type == UUID.self { return reinterpret(try decodeUUID(), as: type) }
        if type == Decimal.self { return reinterpret(try decodeDecimal(), as: type) }
        if type == IndexPath.self { return reinterpret(try decodeIndexPath(), as: type) }
        if let directType = context.directType(type) {
            return try decodeDirectly(directType, as: type)
        }
        do {
            return try T(from: self)
        } catch let failure as JSONError where failure.pointer == path.pointer {
            // An enum case without payload may be written by its name: "offline" for {"offline": {}}.
            guard case .string(let name) = value else { throw failure }
            let named = caseObject(named: name)
            do {
                return try T(from: named)
            } catch DecodingError.typeMismatch(let mismatched, _)
                where mismatched == T.self && named.unknownMembers != nil
            {
                // A name that is no case of the enum: said as such, at the string, with the case it may mean.
                var unknown = named.unknownCaseError(
                    type, named.unknownMembers ?? _JSONUnknownMembers(names: [], isKey: { _ in false }), byName: true)
                unknown.pointer = path.pointer
                unknown.isAboutKey = false
                throw unknown
            } catch {
                throw failure
            }
        } catch DecodingError.typeMismatch(let mismatched, _) where mismatched == T.self && unknownMembers != nil {
            // The type listed the object's keys and found members that are none of them: an unknown enum case.
            throw unknownCaseError(type, unknownMembers ?? _JSONUnknownMembers(names: [], isKey: { _ in false }))
        } catch var error as JSONError where error.pointer == nil {
            // Errors thrown by a type's own `init(from:)` get this value's place.
            error.pointer = path.pointer
            error.codingPath = path.text
            throw error
        } catch let error as TextValueError {
            // A text that is not a value of its type (a ScenarioDuration, a ScenarioTimestamp): located here.
            throw JSONError(message: error.message, hint: error.hint, pointer: path.pointer, codingPath: path.text)
        } catch DecodingError.dataCorrupted(let failure) where failure.codingPath.count == codingPath.count {
            // The standard library's rejection of a raw value ("Cannot initialize Coupon from invalid String value
            // fiftyOff"; a type's own message is its own): the values it takes, when the type can list them.
            guard failure.debugDescription.hasPrefix("Cannot initialize "), let accepted = Self.rawValues(of: type)
            else { throw DecodingError.dataCorrupted(failure) }
            let written = JSONWriter(style: .compact).string(value)
            let near = Suggestion.closest(to: written, in: accepted).map { "did you mean \($0)? " } ?? ""
            throw JSONError(
                message: "\(written) is no value of \(_typeName(type, qualified: false))",
                hint: near + "use one of: " + accepted.joined(separator: ", "), pointer: path.pointer,
                codingPath: path.text)
        }
    }

    /// The raw values of a `CaseIterable` raw-value enum as JSON text (`"fiftyOff"`, `3`), or nil.
    static func rawValues<T>(of type: T.Type) -> [String]? {
        guard let enumeration = type as? any (CaseIterable & RawRepresentable).Type else { return nil }
        return rawValueTexts(enumeration)
    }

    private static func rawValueTexts<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> [String] {
        E.allCases.map { value in
            if let text = value.rawValue as? String { return JSONWriter.quoted(text) }
            return "\(value.rawValue)"
        }
    }

    /// Arrays and string-keyed dictionaries decode straight from the JSON value (see `_JSONDirectDecodable`).
    private func decodeDirectly<D: _JSONDirectDecodable, T>(_ directType: D.Type, as type: T.Type) throws -> T {
        reinterpret(try D.decode(from: value, with: self), as: type)
    }

    private func decodeDate() throws -> Date {
        if case .string(let text) = value {
            guard let date = ISO8601Timestamp.date(from: text) else {
                throw error(
                    "expected an ISO 8601 date, found \(value.kindDescription)",
                    hint: "write it like \"2026-11-29T12:00:00Z\"")
            }
            return date
        }
        switch context.options.dateDecodingStrategy {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try decodeDateNumber(Double.self))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDateNumber(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: Double(try decodeDateNumber(Int64.self)) / 1000)
        case .iso8601:
            throw error(
                "expected an ISO 8601 date, found \(value.kindDescription)",
                hint: "write it like \"2026-11-29T12:00:00Z\"")
        }
    }

    /// A date's number; anything else is reported as "a date" (a number or an ISO 8601 string).
    private func decodeDateNumber<N: Decodable>(_ type: N.Type) throws -> N {
        switch value {
        case .integer, .double: return try decode(type)
        default:
            throw error(
                "expected a date (an ISO 8601 string or a number), found \(value.kindDescription)",
                hint: "write it like \"2026-11-29T12:00:00Z\"")
        }
    }

    private func decodeData() throws -> Data {
        let text = try decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw error(
                "expected base64 text, found \(value.kindDescription)", hint: "write the bytes as a base64 string")
        }
        return data
    }

    /// A number (`12.5`, exact for up to 17 significant digits) or a string (`"12.345678901234567890123"`).
    private func decodeDecimal() throws -> Decimal {
        let decimal: Decimal?
        switch value {
        case .integer(let number): decimal = Decimal(number)
        case .double(let number): decimal = Decimal(string: "\(number)", locale: Self.posix)
        case .string(let text): decimal = Decimal(string: text, locale: Self.posix).flatMap { $0.isNaN ? nil : $0 }
        default: decimal = nil
        }
        guard let decimal else {
            throw error(
                "expected a decimal number, found \(value.kindDescription)",
                hint: "write a number such as 12.5, or a string of digits for more precision")
        }
        return decimal
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// An array of non-negative integers, as Apple's `IndexPath` encodes itself (`[0, 2]`).
    private func decodeIndexPath() throws -> IndexPath {
        guard case .array(let elements) = value else {
            throw error(
                "expected an index path (an array of integers such as [0, 2]), found \(value.kindDescription)",
                hint: "write the index path as an array of integers, e.g. [0, 2]")
        }
        var indexes: [Int] = []
        for (index, element) in elements.enumerated() {
            indexes.append(try decode(Int.self, from: element, at: .index(index)))
        }
        return IndexPath(indexes: indexes)
    }

    private func decodeURL() throws -> URL {
        let text = try decode(String.self)
        guard let url = URL(string: text) else {
            throw error(
                "expected a URL, found \(value.kindDescription)", hint: "write a URL such as \"https://example.com\"")
        }
        return url
    }

    /// A UUID string, as `UUID` encodes itself (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`).
    private func decodeUUID() throws -> UUID {
        let text = try decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw error(
                "expected a UUID, found \(value.kindDescription)",
                hint: "write it like \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\" (32 hexadecimal digits in groups of "
                    + "8-4-4-4-12)")
        }
        return uuid
    }
}

/// Collections the bridge decodes straight from a `JSONValue`, without the standard library's container loops:
/// arrays into a buffer of the right size instead of growing it one element at a time, and string-keyed
/// dictionaries from the object's members instead of through `allKeys` and a keyed lookup per member. Errors
/// and coding paths are the same as through the standard library's `init(from:)`.
protocol _JSONDirectDecodable {
    static func decode(from value: JSONValue, with decoder: _JSONValueDecoder) throws -> Self
}

extension Array: _JSONDirectDecodable where Element: Decodable {
    static func decode(from value: JSONValue, with decoder: _JSONValueDecoder) throws -> [Element] {
        guard case .array(let elements) = value else { throw value.mismatch("an array", at: decoder.path) }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try decoder.decode(Element.self, from: element, at: .index(index)))
        }
        return result
    }
}

extension Dictionary: _JSONDirectDecodable where Key == String, Value: Decodable {
    static func decode(from value: JSONValue, with decoder: _JSONValueDecoder) throws -> [String: Value] {
        guard case .object(let object) = value else { throw value.mismatch("an object", at: decoder.path) }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for member in object.members {
            // The standard library's dictionary coding key gives keys that are numbers an integer value too.
            let component = JSONCodingPath.Component.key(member.key, Int(member.key))
            result[member.key] = try decoder.decode(Value.self, from: member.value, at: component)
        }
        return result
    }
}
