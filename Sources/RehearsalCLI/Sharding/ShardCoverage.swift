import Rehearsal
import ScenarioJSON

/// Whether the results `rehearsal report` merges are the shards of one run, together holding every scenario once:
/// the shards were cut from one plan (the same files and durations), none is missing or given twice, and no scenario
/// is in two results.
///
/// Shards that planned from different durations (a CI cache that changed between the shards' jobs) may run a
/// scenario twice and another not at all; the merged report then says so instead of showing a gate that passed.
package struct ShardCoverage {
    /// What is wrong, each an error with a hint; empty when the results fit together.
    package var problems: [Diagnostic] = []

    package init(_ documents: [RunResults], files: [String]) {
        var seen: [PathName: String] = [:]
        var twice: [(path: PathName, first: String, second: String)] = []
        for (document, file) in zip(documents, files) {
            for outcome in document.scenarios {
                if let first = seen[outcome.path] {
                    twice.append((outcome.path, first, file))
                } else {
                    seen[outcome.path] = file
                }
            }
        }
        let sharded = zip(documents, files).compactMap { document, file in document.shard.map { (file, $0) } }
        guard !sharded.isEmpty else { return }
        if Set(sharded.map { "\($0.1.count) \($0.1.plan)" }).count > 1 {
            let plans = sharded.map { "\($0.0): shard \($0.1.index)/\($0.1.count) of plan \($0.1.plan)" }
            problems.append(
                Diagnostic(
                    .error,
                    message: "the shards were cut from different plans (\(plans.joined(separator: "; "))), so some "
                        + "scenarios may have run in two shards and others in none",
                    hint: "give every shard the same scenario files and the same --durations file"))
        } else if let first = sharded.first?.1 {
            var byIndex: [Int: [String]] = [:]
            for (file, record) in sharded { byIndex[record.index, default: []].append(file) }
            let missing = (1...first.count).filter { byIndex[$0] == nil }
            if !missing.isEmpty {
                let listed = missing.map { "\($0)/\(first.count)" }.joined(separator: ", ")
                problems.append(
                    Diagnostic(
                        .error,
                        message: "no results of shard\(missing.count == 1 ? "" : "s") \(listed): the report lacks "
                            + "\(missing.count == 1 ? "its" : "their") scenarios",
                        hint: "give the JSON results of every shard"))
            }
            for (index, files) in byIndex.sorted(by: { $0.key < $1.key }) where files.count > 1 {
                problems.append(
                    Diagnostic(
                        .error,
                        message: "\(files.joined(separator: " and ")) are both shard \(index)/\(first.count)",
                        hint: "give each shard's results once"))
            }
        }
        let selected = sharded.map(\.1.selected).max() ?? 0
        let ran = Set(zip(documents, files).filter { $0.0.shard != nil }.flatMap { $0.0.scenarios.map(\.path) })
        if ran.count < selected, problems.isEmpty || !twice.isEmpty {
            let none = selected - ran.count
            problems.append(
                Diagnostic(
                    .error,
                    message: "\(none) of the \(selected) selected scenario\(selected == 1 ? "" : "s") ran in no shard",
                    hint: "give every shard the same scenario files and the same --durations file"))
        }
        for entry in twice.prefix(10) {
            problems.append(
                Diagnostic(
                    .error, location: SourceLocation(path: entry.path.description),
                    message: "the scenario ran in two shards (\(entry.first) and \(entry.second)); the report shows "
                        + "the second",
                    hint: "give every shard the same scenario files and the same --durations file"))
        }
    }
}
