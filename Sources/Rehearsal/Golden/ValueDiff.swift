import ScenarioJSON

/// A structural diff of two JSON values: one change per differing leaf, named by its path inside the value.
///
/// ```swift
/// ValueDiff.changes(["name": "Lee"], ["name": "Li"], path: "value[2]").map(ValueDiff.line)
/// // ["value[2].name: - \"Lee\" + \"Li\""]
/// ```
/// Objects are compared key by key, arrays element by element after aligning them with ``LineDiff`` (so an
/// inserted element shows as one `+`, not as every later element changed). A member or element on one side only
/// is `(added)` (indexed in the actual value) or `(removed)` (indexed in the golden).
enum ValueDiff {
    /// One differing leaf: its path, the old value (`nil`: added) and the new one (`nil`: removed).
    struct Change: Equatable {
        var path: String
        var old: JSONValue?
        var new: JSONValue?
    }

    static func changes(_ old: JSONValue?, _ new: JSONValue?, path: String) -> [Change] {
        switch (old, new) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.keys
            keys += right.keys.filter { left[$0] == nil }
            return keys.flatMap { key in changes(left[key], right[key], path: member(path, key)) }
        case (.array(let left)?, .array(let right)?):
            return arrayChanges(left, right, path: path)
        default:
            guard old != new else { return [] }
            return [Change(path: path, old: old, new: new)]
        }
    }

    /// `path: - old + new`, `path: + new (added)` or `path: - old (removed)`.
    static func line(path: String, old: JSONValue?, new: JSONValue?) -> String {
        switch (old, new) {
        case (nil, let added?): return "\(path): + \(text(added)) (added)"
        case (let removed?, nil): return "\(path): - \(text(removed)) (removed)"
        default: return "\(path): - \(text(old)) + \(text(new))"
        }
    }

    static func line(_ change: Change) -> String {
        line(path: change.path, old: change.old, new: change.new)
    }

    private static func arrayChanges(_ left: [JSONValue], _ right: [JSONValue], path: String) -> [Change] {
        if left.count == right.count {
            return left.indices.flatMap { changes(left[$0], right[$0], path: "\(path)[\($0)]") }
        }
        var result: [Change] = []
        for run in LineDiff.changeRuns(LineDiff.operations(left, right)) {
            let paired = min(run.deleted.count, run.inserted.count)
            for (old, new) in zip(run.deleted, run.inserted) {
                result += changes(left[old], right[new], path: "\(path)[\(new)]")
            }
            for index in run.deleted.dropFirst(paired) {
                result += changes(left[index], nil, path: "\(path)[\(index)]")
            }
            for index in run.inserted.dropFirst(paired) {
                result += changes(nil, right[index], path: "\(path)[\(index)]")
            }
        }
        return result
    }

    private static func member(_ path: String, _ key: String) -> String {
        let isIdentifier =
            key.first.map { $0 == "_" || $0.isLetter } == true
            && key.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        if !isIdentifier { return "\(path)[\(JSONWriter.quoted(key))]" }
        return path.isEmpty ? key : "\(path).\(key)"
    }

    private static func text(_ value: JSONValue?) -> String {
        value.map { JSONWriter(style: .spaced).string($0) } ?? "null"
    }
}
