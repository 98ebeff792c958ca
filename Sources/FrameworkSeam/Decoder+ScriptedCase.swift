extension Decoder {
    /// Decodes a case of a framework's enum written by its name, as a scenario scripts it (`"authorizedWhenInUse"`);
    /// an unknown name is an error that lists the names.
    ///
    /// ```swift
    /// status = try decoder.scriptedCase(of: CLAuthorizationStatus.self)
    /// ```
    public func scriptedCase<Value: CaseIterable>(of type: Value.Type) throws -> Value {
        let name = try singleValueContainer().decode(String.self)
        let cases = Array(Value.allCases)
        guard let value = cases.first(where: { "\($0)" == name }) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "unknown \(Value.self) \"\(name)\"; expected one of "
                        + cases.map { "\($0)" }.joined(separator: ", ")))
        }
        return value
    }
}
