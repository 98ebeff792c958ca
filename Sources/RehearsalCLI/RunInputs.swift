import Foundation
import Rehearsal
import ScenarioJSON

/// The files and folders a command reads, which no report may be written over or into: the scenario files and
/// their goldens, the scenario folders (a report there would be read as a scenario by the next run), the mocks
/// folder, and the results files `rehearsal report` reads. Every path is compared after symbolic links are followed,
/// so a link to a scenario folder is that folder.
///
/// ```swift
/// let inputs = RunInputs(root: root, scenarios: ["Scenarios/a.json"], paths: ["Scenarios"])
/// inputs.refusal(for: [.json("Scenarios/r.json")], usage: usage)
/// // --reporter json would write Scenarios/r.json, which is a file in the scenario folder Scenarios
/// ```
struct RunInputs {
    /// The project root with its links followed: paths are shown relative to it.
    private var root: String
    private var files: [String: String] = [:]
    private var folders: [(path: String, what: String)] = []

    /// The inputs of a run of `scenarios` selected from `paths` (files or folders, relative to `root`), plus the
    /// `Scenarios` and `Mocks` folders of the root and any `results` files read.
    init(root: String, scenarios: [PathName], paths: [PathName], results: [String] = []) {
        self.root = Self.resolved(root)
        let store = GoldenStore(root: root)
        // Reports are named by UTF-8 text, so only inputs named so can be in their way.
        for scenario in scenarios.compactMap(\.string) {
            add(file: scenario, "the scenario file \(scenario)")
            guard let golden = store.goldenPath(forScenario: PathName(scenario)).string else { continue }
            add(file: golden, "the golden \(golden)")
        }
        let current = FileManager.default.currentDirectoryPath
        for file in results {
            // Results files are named relative to the current folder, as reports are.
            files[Self.resolved(file.hasPrefix("/") ? file : current + "/" + file)] = "the results file \(file)"
        }
        for path in paths.compactMap(\.string) + [ScenarioLoader.defaultScenariosFolder] {
            let full = resolved(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                add(folder: full, "the scenario folder")
            } else if (full as NSString).deletingLastPathComponent != resolved(".") {
                // The folder of a scenario file named alone, unless it is the root (reports go beside Scenarios/).
                add(folder: (full as NSString).deletingLastPathComponent, "the scenario folder")
            }
        }
        add(folder: resolved("Mocks"), "the mocks folder")
    }

    /// A file a command is about to write, as the command line asked for it.
    struct Destination {
        /// What asked for it: `--reporter json`, `--trace`.
        var option: String
        /// The file, as given (relative to the current folder).
        var path: String
        /// The same option aimed at a safe place, for the hint: `--reporter json:.rehearsal/results`.
        var example: String

        /// The files `reporters` of `run`, `record` or `explore` write.
        static func reports(_ reporters: [ReporterChoice]) -> [Destination] {
            reporters.compactMap(\.file).map { reporter, path in
                Destination(
                    option: "--reporter \(reporter)", path: path,
                    example: "--reporter \(reporter):.rehearsal/\(reporter == "html" ? "report" : "results")")
            }
        }
    }

    /// A usage error when a run's `reporters` would write over one of the inputs or into one of their folders.
    func refusal(for reporters: [ReporterChoice], usage: String) -> UsageError? {
        refusal(for: Destination.reports(reporters), usage: usage)
    }

    /// A usage error when one of `destinations` would write over one of the inputs or into one of their folders.
    func refusal(for destinations: [Destination], usage: String) -> UsageError? {
        let current = FileManager.default.currentDirectoryPath
        for destination in destinations {
            // Reports are written relative to the current folder (scenarios relative to the root).
            let path = destination.path
            let full = path.hasPrefix("/") ? path : current + "/" + path
            let target = Self.resolved(full)
            guard let what = input(at: target) else { continue }
            let shownTarget = ScenarioSelection.relative(target, to: root)
            let lexical = URL(fileURLWithPath: full).standardizedFileURL.path
            let through = lexical == target ? "" : " (\(shownTarget), through a symbolic link)"
            return UsageError(
                message: "\(destination.option) would write \(path)\(through), which is \(what)",
                hint: "write reports outside the scenario folders, e.g. \(destination.example)", usage: usage)
        }
        return nil
    }

    /// What input `target` (resolved) is, or is inside.
    private func input(at target: String) -> String? {
        if let file = files[target] { return file }
        // The innermost folder names the input best (Scenarios/counter, not Scenarios).
        return folders.filter { target == $0.path || target.hasPrefix($0.path == "/" ? "/" : $0.path + "/") }
            .max { $0.path.utf8.count < $1.path.utf8.count }?.what
    }

    private mutating func add(file: String, _ what: String) {
        files[resolved(file)] = what
    }

    /// Protects the folder at the resolved path `full`, when it is one.
    private mutating func add(folder full: String, _ kind: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue,
            !folders.contains(where: { $0.path == full })
        else { return }
        folders.append((full, "a file in \(kind) \(ScenarioSelection.relative(full, to: root))"))
    }

    /// `path` (relative to the root) with its links followed.
    private func resolved(_ path: String) -> String {
        Self.resolved(path.hasPrefix("/") ? path : root + "/" + path)
    }

    private static func resolved(_ absolute: String) -> String {
        (try? WriteTarget.resolvedPath(absolute, shownPath: absolute))
            ?? URL(fileURLWithPath: absolute).standardizedFileURL.path
    }
}
