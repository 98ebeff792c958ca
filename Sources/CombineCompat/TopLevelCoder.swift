#if !canImport(Darwin)

import Foundation

/// A type that defines methods for encoding: the role `JSONEncoder` and `PropertyListEncoder` play for
/// ``Publisher/encode(encoder:)``.
///
///     let cancellable = Just(Article(title: "Combine")).encode(encoder: JSONEncoder()).sink(
///         receiveCompletion: { _ in }, receiveValue: { print(String(decoding: $0, as: UTF8.self)) })
///     // Prints: {"title":"Combine"}
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output

    /// Encodes an instance of the indicated type.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A type that defines methods for decoding: the role `JSONDecoder` and `PropertyListDecoder` play for
/// ``Publisher/decode(type:decoder:)``.
///
///     let cancellable = Just(Data(#"{"title":"Combine"}"#.utf8))
///         .decode(type: Article.self, decoder: JSONDecoder())
///         .sink(receiveCompletion: { _ in }, receiveValue: { print($0.title) })    // Prints: Combine
public protocol TopLevelDecoder {
    /// The type this decoder accepts.
    associatedtype Input

    /// Decodes an instance of the indicated type.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

extension JSONEncoder: TopLevelEncoder {}
extension JSONDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}

#endif
