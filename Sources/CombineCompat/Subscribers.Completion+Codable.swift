#if !canImport(Darwin)

/// The keys of an encoded completion: `{"success": true}` for `finished`, `{"success": false, "error": …}` for a
/// failure.
private enum _CompletionCodingKeys: String, CodingKey {
    case success
    case error
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    /// Encodes `finished` as `{"success": true}` and a failure as `{"success": false, "error": <the error>}`.
    ///
    ///     try JSONEncoder().encode(Subscribers.Completion<MyError>.finished)    // {"success":true}
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _CompletionCodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    /// Decodes the form ``encode(to:)`` writes; `"success": false` requires an `"error"`.
    ///
    ///     try JSONDecoder().decode(Subscribers.Completion<MyError>.self, from: Data(#"{"success":true}"#.utf8))
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: _CompletionCodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}

#endif
