import Foundation

/// Decodes any `Decodable` from a `JSONValue`, with errors that name the coding path and, when decoding from a
/// `JSONDocument`, the file, line and column of the offending value.
///
/// Rules: integers decode into any integer type when they fit (else an error names the range); a double
/// never decodes into an integer type, even with a zero fraction (`3.0` is rejected: write `3`); integers
/// decode into `Double`/`Float`; `null` decodes only into `Optional`s. Unknown members are ignored.
///
/// Foundation values read in the shape Apple's `JSONEncoder` writes them, on every platform: `Date` as an ISO
/// 8601 string (its `.iso8601` strategy; fractional seconds and offsets allowed) or a number (see
/// ``DateDecodingStrategy``), `URL` as a string, `UUID` as its string, `Decimal` as a number (or a string, for
/// more digits than a `Double` holds), `IndexPath` as an array of integers (`[0, 2]`), `Data` as base64 text.
///
/// ```swift
/// struct Config: Decodable { var storeId: Int }
/// let config = try JSONValueDecoder().decode(Config.self, from: document, at: JSONPointer(["config"]))
/// // Scenarios/x.json:12:19: error: config.storeId: expected an integer, found the string "42"
/// ```
public struct JSONValueDecoder: Sendable {
    /// How `Date` values are read.
    ///
    /// An ISO 8601 string is read as such under every strategy; the strategy says what a number means.
    public enum DateDecodingStrategy: Sendable {
        /// A number of seconds since 2001-01-01T00:00:00Z, `Date`'s own `Codable` form and what Apple's
        /// `JSONEncoder` writes by default (`.deferredToDate`). The default.
        case deferredToDate
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// An integer number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Only an ISO 8601 string such as `2026-11-29T12:00:00Z`; numbers are rejected.
        case iso8601
    }

    /// How `Date` values are read.
    public var dateDecodingStrategy: DateDecodingStrategy
    /// Values for `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder.
    public init(
        dateDecodingStrategy: DateDecodingStrategy = .deferredToDate,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.userInfo = userInfo
    }

    /// Decodes `type` from a bare value; errors carry the coding path but no file location.
    /// - Throws: `JSONError`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        do {
            let context = _JSONDecodingContext(options: self)
            return try _JSONValueDecoder(value: value, path: .root, context: context).decodeValue(type)
        } catch {
            throw Self.normalize(error)
        }
    }

    /// Decodes `type` from the value at `pointer` in `document`; errors are located in the file the value
    /// came from and name the coding path from `pointer` on.
    /// - Throws: `JSONError`.
    public func decode<T: Decodable>(
        _ type: T.Type, from document: JSONDocument,
        at pointer: JSONPointer = .root
    ) throws -> T {
        // One walk down the pointer finds the value and its coding path.
        var path = JSONCodingPath.root
        var current = document.root
        for token in pointer.tokens {
            if case .array(let elements) = current, let index = JSONPointer.arrayIndex(token),
                elements.indices.contains(index)
            {
                path = path.appending(index: index)
                current = elements[index]
            } else if case .object(let members) = current, let member = members[token] {
                path = path.appending(JSONCodingKey(stringValue: token))
                current = member
            } else {
                throw document.error(
                    at: pointer, "expected a value at \(pointer), found none", hint: "add the value to the file")
            }
        }
        let value = current
        do {
            let context = _JSONDecodingContext(options: self)
            return try _JSONValueDecoder(value: value, path: path, context: context).decodeValue(type)
        } catch {
            let normalized = Self.normalize(error)
            guard let errorPointer = normalized.pointer, normalized.line == nil,
                let place = document.place(of: errorPointer, atKey: normalized.isAboutKey)
            else { throw normalized }
            throw normalized.located(at: place)
        }
    }

    /// Turns `DecodingError`s thrown by custom `init(from:)` implementations into `JSONError`s.
    static func normalize(_ error: any Error) -> JSONError {
        if let error = error as? JSONError { return error }
        guard let error = error as? DecodingError else {
            return JSONError(message: String(describing: error))
        }
        let context: DecodingError.Context
        var message: String
        let hint: String
        switch error {
        case .typeMismatch(let type, let errorContext):
            context = errorContext
            message = "expected \(type): \(errorContext.debugDescription)"
            hint = "write a value of type \(type) here"
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            message = "expected \(type): \(errorContext.debugDescription)"
            hint = "write a value of type \(type) here instead of null"
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            message = "expected a member \(JSONWriter.quoted(key.stringValue)), found none"
            hint = "add \(JSONWriter.quoted(key.stringValue)): <value> to the object"
        case .dataCorrupted(let errorContext):
            context = errorContext
            message = errorContext.debugDescription
            hint = "change the value to one the type accepts"
        @unknown default:
            return JSONError(message: String(describing: error))
        }
        if let underlying = context.underlyingError as? JSONError { return underlying }
        return JSONError(
            message: message, hint: hint, pointer: JSONCodingPath.pointer(context.codingPath),
            codingPath: JSONCodingPath.render(context.codingPath))
    }
}

/// The `Decoder` the bridge hands to `init(from:)`: one value and the path that led to it. Scalars are read
/// straight from containers without creating a decoder; paths are only turned into text on errors.
final class _JSONValueDecoder: Decoder, ValueKindDescribing {
    let value: JSONValue
    let context: _JSONDecodingContext
    /// Where a keyed container over `value` looks for the next key first (see `_JSONKeyedDecodingContainer`).
    var memberHint = 0
    /// What the value is, for messages of types that decode it themselves (`the integer 250`).
    var valueKindDescription: String { value.kindDescription }
    /// The members of `value` that are no key of the type, once the type listed all keys (see `_JSONUnknownMembers`).
    var unknownMembers: _JSONUnknownMembers?
    /// The decoder of the enclosing value and the step from it to this one (`nil` for a root decoder): the
    /// path is kept as this chain, so a nested value costs one object, and the path is assembled on errors.
    private let parent: _JSONValueDecoder?
    private let step: JSONCodingPath.Component?
    private let rootPath: JSONCodingPath

    /// A decoder for a value at `path` with no enclosing decoder.
    init(value: JSONValue, path: JSONCodingPath, context: _JSONDecodingContext) {
        self.value = value
        self.context = context
        parent = nil
        step = nil
        rootPath = path
    }

    /// A decoder for a value one `step` inside the value of `parent`.
    init(value: JSONValue, parent: _JSONValueDecoder, step: JSONCodingPath.Component) {
        self.value = value
        context = parent.context
        self.parent = parent
        self.step = step
        rootPath = .root
    }

    /// The path to `value`.
    var path: JSONCodingPath {
        guard let parent, let step else { return rootPath }
        return parent.path.appending(step)
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { context.options.userInfo }

    func error(_ message: String, hint: String? = nil) -> JSONError {
        JSONError.decoding(message, hint: hint, at: path)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw value.mismatch("an object", at: path) }
        return KeyedDecodingContainer(_JSONKeyedDecodingContainer<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw value.mismatch("an array", at: path) }
        return _JSONUnkeyedDecodingContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// Decodes `type` from `value`, which sits at `path`; scalars need no new decoder.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at component: JSONCodingPath.Component)
        throws -> T
    {
        // Fast paths for the commonest scalars; `reinterpret` is sound because the types were compared first,
        // and it avoids the Optional<T> metadata lookups that `as? T` costs in unspecialised generic code.
        if type == String.self, case .string(let text) = value { return reinterpret(text, as: type) }
        if type == Int.self, case .integer(let number) = value { return reinterpret(Int(number), as: type) }
        if type == Bool.self, case .bool(let flag) = value { return reinterpret(flag, as: type) }
        return try _JSONValueDecoder(value: value, parent: self, step: component).decodeValue(type)
    }
}

/// What every `_JSONValueDecoder` of one `decode` call shares: the options, and which types decode directly.
/// Asking the runtime whether a type conforms to `_JSONDirectDecodable` is a global cache lookup costing
/// hundreds of instructions per value; one call meets few distinct types, so a short list answers faster.
final class _JSONDecodingContext {
    let options: JSONValueDecoder
    private var knownTypes: [(type: ObjectIdentifier, direct: (any _JSONDirectDecodable.Type)?)] = []

    init(options: JSONValueDecoder) {
        self.options = options
    }

    /// `type` as a directly decodable type, or `nil`.
    func directType<T>(_ type: T.Type) -> (any _JSONDirectDecodable.Type)? {
        let identifier = ObjectIdentifier(type)
        for known in knownTypes where known.type == identifier { return known.direct }
        let direct = isStandardCollection(type) ? type as? any _JSONDirectDecodable.Type : nil
        if knownTypes.count < 32 { knownTypes.append((identifier, direct)) }
        return direct
    }
}

extension JSONError {
    static func decoding(_ message: String, hint: String? = nil, at path: JSONCodingPath) -> JSONError {
        JSONError(message: message, hint: hint, pointer: path.pointer, codingPath: path.text)
    }
}

/// `value` as `To`; callers must have checked that `From.self == To.self`.
@inline(__always)
func reinterpret<From, To>(_ value: From, as type: To.Type) -> To {
    unsafeBitCast(value, to: type)
}
