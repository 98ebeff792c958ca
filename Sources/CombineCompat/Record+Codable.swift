#if !canImport(Darwin)

/// The keys of an encoded record and recording: `{"recording": {"output": […], "completion": {…}}}`.
private enum _RecordCodingKeys: String, CodingKey {
    case recording
    case output
    case completion
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    /// Decodes a completed recording from `{"output": […], "completion": {"success": …}}`.
    ///
    ///     let recording = try JSONDecoder().decode(Record<Int, MyError>.Recording.self, from: data)
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: _RecordCodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Encodes the outputs and the completion: `{"output": [1, 2], "completion": {"success": true}}`.
    ///
    ///     let data = try JSONEncoder().encode(Record<Int, Never>.Recording(output: [1, 2]))
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _RecordCodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }

    /// Encodes the outputs and the completion into `encoder`, as ``encode(to:)`` does.
    public func encode(into encoder: Encoder) throws {
        try encode(to: encoder)
    }
}

extension Record: Codable where Output: Codable, Failure: Codable {
    /// Decodes a record from `{"recording": …}`.
    ///
    ///     let replay = try JSONDecoder().decode(Record<Int, MyError>.self, from: data)
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: _RecordCodingKeys.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    /// Encodes the record as `{"recording": …}`.
    ///
    ///     let data = try JSONEncoder().encode(Record<Int, Never>(output: [1], completion: .finished))
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _RecordCodingKeys.self)
        try container.encode(recording, forKey: .recording)
    }
}

#endif
