import Foundation
import Rehearsal
import ScenarioJSON

/// Finds scenario files and narrows them with `--filter` and `--shard`, always in sorted path order.
struct ScenarioSelection {
    /// One slice of `n` (`i` is 1-based).
    struct Shard: Equatable, Sendable {
        var index: Int
        var count: Int

        /// Parses `i/n` with `1 <= i <= n`.
        static func parse(_ text: String, usage: String) throws(UsageError) -> Shard {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else {
                throw UsageError(
                    message: "invalid value '\(text)' for '--shard <i/n>'",
                    hint: "write the shard as i/n with 1 <= i <= n, such as 1/3", usage: usage)
            }
            return Shard(index: index, count: count)
        }
    }

    /// The package root; paths are reported relative to it.
    var root: String

    /// The scenario files a run plays (`run`, `record`, `explore`): `all` under the paths given, the `selected` ones
    /// that `--filter` keeps, and the outcomes of the files `refused` (see ``Walked/refused``).
    struct Chosen {
        var all: [String]
        var selected: [String]
        var refused: [ScenarioOutcome]
    }

    /// What a walk found: the scenario files to play, and the outcomes of `.json` files that cannot be played
    /// because they cannot be named: a name that is not valid UTF-8, or names that are one under Unicode
    /// normalisation (`café` written with `é` and with `e` + a combining accent), which Swift's strings, reports and
    /// goldens cannot tell apart. Each refused file fails with a finding; none is merged into another silently.
    struct Walked {
        var files: [String]
        var refused: [ScenarioOutcome]
    }

    /// Why a run ends before it plays anything: the text to print and the exit status.
    struct Refusal: Error {
        var text: String
        var status: Int32
    }

    /// The scenario files under `paths` that `filter` keeps (see ``walk(_:usage:)`` and ``filter(_:by:)``), for a
    /// run whose `reporters` write files.
    /// - Throws: a usage error (64) for a path that does not exist; a failure (1: nothing to run is a failed run,
    ///   not a usage mistake) when `filter` leaves none, with a hint naming `program`, the executable as invoked;
    ///   and a usage error when a reporter would write over an input or into a scenario folder (see
    ///   ``RunInputs``).
    func choose(
        _ paths: [String], filter: String?, reporters: [ReporterChoice], usage: String, program: String
    ) throws(Refusal) -> Chosen {
        let walked: Walked
        do {
            walked = try walk(paths, usage: usage)
        } catch {
            throw Refusal(text: error.rendered, status: ExitCode.usage)
        }
        let selected = Self.filter(walked.files, by: filter)
        if let filter, selected.isEmpty {
            throw Refusal(
                text: "error: no scenario matches --filter '\(filter)' (of \(walked.files.count))\n"
                    + "  hint: run '\(program) list' to see the scenario names",
                status: ExitCode.failure)
        }
        if let overwrite = RunInputs(root: root, scenarios: walked.files, paths: paths).refusal(
            for: reporters, usage: usage)
        {
            throw Refusal(text: overwrite.rendered, status: ExitCode.usage)
        }
        return Chosen(all: walked.files, selected: selected, refused: walked.refused)
    }

    /// The scenario files under `paths`, and the outcomes of those that cannot be named (see ``Walked``).
    /// - Throws: a usage error naming the first path that does not exist.
    func walk(_ paths: [String], usage: String) throws(UsageError) -> Walked {
        // Keyed by the bytes of each path: a set of strings would merge canonically equivalent names.
        var found: [[UInt8]: String] = [:]
        var unreadable: Set<String> = []
        for path in paths {
            let relative = Self.relative(path, to: root)
            let full = relative.hasPrefix("/") ? relative : root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
                throw UsageError(
                    message: "no such file or folder: \(path)",
                    hint: "check the path; it is relative to \(root)", usage: usage)
            }
            guard isDirectory.boolValue else {
                found[Array(relative.utf8)] = relative
                continue
            }
            let base = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
            let walked = DirectoryWalk.files(under: full)
            for entry in walked.files where Self.isScenarioFile(entry) {
                let file = base == "." ? entry : base + "/" + entry
                found[Array(file.utf8)] = file
            }
            for entry in walked.unreadable where entry.hasSuffix(".json") {
                unreadable.insert(base == "." ? entry : base + "/" + entry)
            }
        }
        // Sorting puts canonically equivalent names side by side (they compare equal).
        let sorted = found.values.sorted { $0 == $1 ? Array($0.utf8).lexicographicallyPrecedes($1.utf8) : $0 < $1 }
        var files: [String] = []
        var refused = unreadable.sorted().map(Self.unreadableName)
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end] == sorted[index] { end += 1 }
            if end - index == 1 {
                files.append(sorted[index])
            } else {
                refused.append(Self.collision(Array(sorted[index..<end])))
            }
            index = end
        }
        return Walked(files: files, refused: refused)
    }

    /// Whether `path` names a scenario file (not a golden or a schema).
    static func isScenarioFile(_ path: String) -> Bool {
        ScenarioLoader.isScenarioFile(path)
    }

    /// The outcome of a scenario file whose name is not valid UTF-8 (`shown` has `\\xFF` escapes): invalid, since
    /// renaming the file fixes it.
    static func unreadableName(_ shown: String) -> ScenarioOutcome {
        ScenarioOutcome(
            name: ScenarioLoader.name(ofPath: shown), path: shown, status: .failed,
            findings: [
                Finding(
                    .invalid,
                    Diagnostic(
                        .error, location: SourceLocation(path: shown),
                        message: "the file name is not valid UTF-8, so the scenario cannot be named in a report or "
                            + "a golden",
                        hint: "rename the file with UTF-8 characters only"))
            ])
    }

    /// The outcome of scenario files whose names are one under Unicode normalisation: failed, naming every one
    /// with its code points spelt out, since the names look the same.
    static func collision(_ paths: [String]) -> ScenarioOutcome {
        let spelled = paths.map { "'\(spelledOut($0))'" }.joined(separator: " and ")
        return ScenarioOutcome(
            name: ScenarioLoader.name(ofPath: paths[0]), path: paths[0], status: .failed,
            findings: [
                Finding(
                    .invalid,
                    Diagnostic(
                        .error, location: SourceLocation(path: paths[0]),
                        message: "\(paths.count) scenario files have names that are the same under Unicode "
                            + "normalisation (\(spelled)), so none of them can be told apart in reports and goldens",
                        hint: "rename all but one of them; write accented letters the same way in every name"))
            ])
    }

    /// `path` with every character outside printable ASCII written as its code points (`cafe\u{301}.json`).
    static func spelledOut(_ path: String) -> String {
        path.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
    }

    /// The paths whose name or path contains `pattern`, or match it as a glob when it has `*`, `?` or `[`.
    static func filter(_ paths: [String], by pattern: String?) -> [String] {
        guard let pattern, !pattern.isEmpty else { return paths }
        let isGlob = pattern.contains { "*?[".contains($0) }
        return paths.filter { path in
            let name = ScenarioLoader.name(ofPath: path)
            if isGlob { return fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, path, 0) == 0 }
            return name.contains(pattern) || path.contains(pattern)
        }
    }

    /// The paths of `shard`: the i-th of every n paths in sorted order, so shards never overlap and together
    /// cover every path.
    static func shard(_ paths: [String], _ shard: Shard?) -> [String] {
        guard let shard else { return paths }
        return paths.sorted().enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// `path` relative to `root` when it is inside it; otherwise unchanged. Leading `./` is dropped.
    static func relative(_ path: String, to root: String) -> String {
        var path = path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path.isEmpty ? "." : path
    }
}
