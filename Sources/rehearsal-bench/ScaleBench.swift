import Foundation

/// The `scale` suite: costs that must grow linearly with their input. Each row runs at 1,000 and at 8,000 items
/// and prints the time per item at both sizes and their ratio (the target is under 1.5; a quadratic path gives
/// about 8):
///
/// - `file_references`: a scenario whose config holds n `$file` references, validated (load, resolve, check).
/// - `reported_errors`: a scenario with n unknown keys, loaded, each error located and rendered.
/// - `unused_responses`: n scripted responses no call uses, each reported by the end checks and rendered.
/// - `validated_unused_responses`: the same file validated (`validate` keeps what a run finds about the file).
/// - `used_responses`: n steps that each make one mock call, answered by n responses in order (4 events each).
/// - `stream_elements`: one call answered by a `stream` of n elements, each consumed and shown (2 events each);
///   per element, to compare with `used_responses` per call.
/// - `input_value_elements`: one step sending an array of n 64-byte strings, run, compared with its golden and
///   sent through the worker protocol (encoded and decoded); per element. `scale.input_value_50mb` is the same
///   for one value of 50 MB (800,000 elements), once, in seconds.
enum ScaleBench {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let sizes = [1_000, 8_000]

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-scale-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = ScaleProject(root: folder.path)
        try row("file_references", unit: "reference") { try project.fileReferences($0) }
        try row("reported_errors", unit: "error") { try project.reportedErrors($0) }
        try row("unused_responses", unit: "response") { try project.unusedResponses($0) }
        try row("validated_unused_responses", unit: "response") { try project.unusedResponses($0, validated: true) }
        try row("used_responses", unit: "call") { try project.usedResponses($0) }
        try row("stream_elements", unit: "element") { try project.streamElements($0) }
        try row("input_value_elements", unit: "element") { try project.inputValue(elements: $0) }
        let fifty = try project.inputValue(elements: 800_000)
        report("scale.input_value_50mb", try measureSeconds(fifty), "s")
    }

    /// Prints `scale.<name>_1000`, `scale.<name>_8000` (microseconds per item, best of three, in the calling thread's
    /// CPU time: the work runs on this thread, and another process's load would otherwise move one size's figure and
    /// not the other's) and `scale.<name>_ratio`. `prepare` returns the measured work for a size (its setup is not
    /// timed).
    static func row(_ name: String, unit: String, _ prepare: (Int) throws -> () throws -> Void) throws {
        var perItem: [Double] = []
        for size in sizes {
            let work = try prepare(size)
            try work()  // warm up (and check it works)
            let best = try (0..<3).map { _ in try measureThreadCPUSeconds(work) }.min() ?? 0
            perItem.append(best / Double(size) * 1e6)
            report("scale.\(name)_\(size)", perItem.last ?? 0, "us/\(unit)")
        }
        report("scale.\(name)_ratio", perItem[1] / perItem[0], "x")
    }
}
