import Foundation

/// Type-checks one Swift file against this build's stand-in modules, as a team's ViewModel target would compile it
/// (`swiftc -typecheck`, with the stand-ins' module map for submodule imports), and returns its error lines.
enum StandInCompiler {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The `error:` lines the compiler prints for `source` (each once, without the excerpt under it), with the
    /// file named `name`.
    static func errors(in source: String, name: String = "ProfileView.swift") throws -> [String] {
        // The test binary sits in the build folder, beside the modules it was built with.
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = build.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.path) else {
            throw Failure(description: "no Modules folder beside the test binary at \(build.path)")
        }
        let moduleMap = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AppleFrameworkSubmodules/module.modulemap")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(source.utf8).write(to: folder.appendingPathComponent(name))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // CombineCompat and RehearsalBase, under the stand-ins, import C modules of the package, found through their
        // module maps.
        let packageMaps = ["CCombineCompatThread", "CReflection"].flatMap { module in
            ["-Xcc", "-fmodule-map-file=\(build.appendingPathComponent("\(module).build/module.modulemap").path)"]
        }
        process.arguments =
            [
                "swiftc", "-typecheck", "-swift-version", "5", "-I", modules.path, "-Xcc",
                "-fmodule-map-file=\(moduleMap.path)",
            ]
            + packageMaps + [name]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("\(name):") }
    }
}
