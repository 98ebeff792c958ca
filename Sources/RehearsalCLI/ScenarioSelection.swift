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
    /// that `--filter` keeps, and the outcomes of the files `refused` (see ``Walked/refused``), each named by its
    /// bytes.
    struct Chosen {
        var all: [PathName]
        var selected: [PathName]
        var refused: [ScenarioOutcome]
    }

    /// What a walk found: the scenario files to play, by their bytes (a name that is not UTF-8 included, shown
    /// escaped), and the outcomes of `.json` files that cannot be told apart: names that are one under Unicode
    /// normalisation (`café` written with `é` and with `e` + a combining accent), or shown alike (a name with the
    /// byte FF and one written `\xFF`), which reports and goldens cannot tell apart. Each refused file fails with
    /// a finding; none is merged into another silently.
    struct Walked {
        var files: [PathName]
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
        _ paths: [PathName], filter: String?, reporters: [ReporterChoice], usage: String, program: String
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

    /// The scenario files under `paths`, and the outcomes of those that cannot be told apart (see ``Walked``).
    /// - Throws: a usage error naming the first path that does not exist.
    func walk(_ paths: [PathName], usage: String) throws(UsageError) -> Walked {
        // Keyed by the bytes of each path: a set of strings would merge canonically equivalent names.
        var found: [[UInt8]: PathName] = [:]
        for path in paths {
            let relative = Self.relative(path, to: root)
            let full = relative.isAbsolute ? relative : PathName(root).appending(relative)
            var status = stat()
            guard full.withCString({ stat($0, &status) }) == 0 else {
                throw UsageError(
                    message: "no such file or folder: \(path)",
                    hint: "check the path; it is relative to \(root)", usage: usage)
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                found[relative.bytes] = relative
                continue
            }
            let base = relative.removingSuffix("/") ?? relative
            for entry in DirectoryWalk.files(under: full).files where Self.isScenarioFile(entry) {
                let file = base == "." ? entry : base.appending(entry)
                found[file.bytes] = file
            }
        }
        // Sorting by the name as shown puts names that cannot be told apart side by side (they compare equal).
        let sorted = found.values.sorted()
        var files: [PathName] = []
        var refused: [ScenarioOutcome] = []
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end].description == sorted[index].description { end += 1 }
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
    static func isScenarioFile(_ path: PathName) -> Bool {
        ScenarioLoader.isScenarioFile(path)
    }

    /// The outcome of scenario files whose names are one under Unicode normalisation: failed, naming every one
    /// with its code points spelt out, since the names look the same.
    static func collision(_ paths: [PathName]) -> ScenarioOutcome {
        let spelled = paths.map { "'\(spelledOut($0))'" }.joined(separator: " and ")
        return ScenarioOutcome(
            name: ScenarioLoader.name(of: paths[0]), path: paths[0], status: .failed,
            findings: [
                Finding(
                    .invalid,
                    Diagnostic(
                        .error, location: SourceLocation(path: paths[0].description),
                        message: "\(paths.count) scenario files have names that are the same under Unicode "
                            + "normalisation (\(spelled)), so none of them can be told apart in reports and goldens",
                        hint: "rename all but one of them; write accented letters the same way in every name"))
            ])
    }

    /// `path` with every character outside printable ASCII written as its code points (`cafe\u{301}.json`), and
    /// each byte of a name that is not UTF-8 as `<byte FF>` (shown `\xFF` elsewhere, as a name could be written).
    static func spelledOut(_ file: PathName) -> String {
        guard let path = file.string else {
            return spelledOut(PathName(file.shown { "<byte \(String($0, radix: 16, uppercase: true))>" }))
        }
        return path.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
    }

    /// The paths whose name or path contains `pattern`, or match it as a glob when it has `*`, `?` or `[` (as people
    /// read them: a byte of a name that is not UTF-8 is `\xFF`).
    static func filter(_ paths: [PathName], by pattern: String?) -> [PathName] {
        guard let pattern, !pattern.isEmpty else { return paths }
        let isGlob = pattern.contains { "*?[".contains($0) }
        return paths.filter { file in
            let path = file.description
            let name = ScenarioLoader.name(of: file)
            if isGlob { return fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, path, 0) == 0 }
            return name.contains(pattern) || path.contains(pattern)
        }
    }

    /// The paths of `shard`: the i-th of every n paths in sorted order, so shards never overlap and together
    /// cover every path.
    static func shard(_ paths: [PathName], _ shard: Shard?) -> [PathName] {
        guard let shard else { return paths }
        return paths.sorted().enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// `path`, named by its bytes, relative to `root` when it is inside it; otherwise unchanged. Leading `./` is
    /// dropped.
    static func relative(_ path: PathName, to root: String) -> PathName {
        var path = path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if let inside = path.removingPrefix(prefix) { path = inside }
        while let rest = path.removingPrefix("./") { path = rest }
        return path.isEmpty ? "." : path
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
