/// Stops the fuzz target when `condition` is false, printing `message`: libFuzzer reports it as a crash and keeps
/// the input that caused it (`crash-<hash>` under the artifact prefix).
///
/// ```swift
/// fuzzCheck(again == value, "the canonical text does not parse back to the same value")
/// ```
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    fatalError(message(), file: file, line: line)
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}
