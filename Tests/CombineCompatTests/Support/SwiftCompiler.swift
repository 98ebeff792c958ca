import Foundation

/// The toolchain's `swiftc`, checking a file of app code in Swift 6 mode against this build's `Combine` and
/// `CombineCompat` modules (the `Modules` folder beside the test binary), up to SIL diagnostics: region-based
/// isolation ("sending … risks causing data races") is reported there, after type checking.
enum SwiftCompiler {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The errors of compiling `source` in Swift 6 mode, each as "line: message [#Group]", in source order.
    /// `warningsAsErrors` turns warnings into errors, as `-warnings-as-errors` does in an app's build.
    static func errors(compiling source: String, warningsAsErrors: Bool = false) throws -> [String] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let modules = binary.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Combine.swiftmodule").path)
        else {
            throw Failure(description: "no Combine.swiftmodule in \(modules.path): run 'swift build --build-tests'")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("App.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // CombineCompat and RehearsalBase import C modules of the package, found through their module maps as the
        // build finds them.
        let moduleMaps = ["CCombineCompatThread", "CReflection"].flatMap { module in
            ["-Xcc", "-fmodule-map-file=\(binary.appendingPathComponent("\(module).build/module.modulemap").path)"]
        }
        process.arguments =
            [
                "swiftc", "-swift-version", "6", "-parse-as-library", "-emit-sil", "-o", "/dev/null",
                "-I", modules.path,
            ] + moduleMaps + [
                "-module-cache-path", binary.appendingPathComponent("ModuleCache").path,
                "-print-diagnostic-groups", "-diagnostic-style", "llvm", "-no-color-diagnostics", file.path,
            ] + (warningsAsErrors ? ["-warnings-as-errors"] : [])
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: output, encoding: .utf8)
        let prefix = file.path + ":"
        let errors = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(prefix) else { return nil }
            let parts = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 3)
            guard parts.count == 4, parts[2] == " error" else { return nil }
            return "\(parts[0]):\(parts[3])"
        }
        if process.terminationStatus != 0 && errors.isEmpty {
            throw Failure(description: "swiftc failed without an error in the file:\n\(text)")
        }
        return errors
    }
}
