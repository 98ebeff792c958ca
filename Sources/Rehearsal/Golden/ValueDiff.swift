import ScenarioJSON

/// A structural diff of two JSON values: one line per differing leaf, named by its path inside the value.
///
/// ```swift
/// ValueDiff.lines(["name": "Lee"], ["name": "Li"], path: "value[2]")
/// // ["value[2].name: - \"Lee\" + \"Li\""]
/// ```
/// Objects are compared key by key, arrays element by element after aligning them with ``LineDiff`` (so an
/// inserted element shows as one `+`, not as every later element changed). A member or element on one side only
/// is `(added)` (indexed in the actual value) or `(removed)` (indexed in the golden).
enum ValueDiff {
    static func lines(_ old: JSONValue?, _ new: JSONValue?, path: String) -> [String] {
        switch (old, new) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.keys
            keys += right.keys.filter { left[$0] == nil }
            return keys.flatMap { key in lines(left[key], right[key], path: member(path, key)) }
        case (.array(let left)?, .array(let right)?):
            return arrayLines(left, right, path: path)
        case (nil, let added?):
            return ["\(path): + \(text(added)) (added)"]
        case (let removed?, nil):
            return ["\(path): - \(text(removed)) (removed)"]
        default:
            guard old != new else { return [] }
            return ["\(path): - \(text(old)) + \(text(new))"]
        }
    }

    private static func arrayLines(_ left: [JSONValue], _ right: [JSONValue], path: String) -> [String] {
        if left.count == right.count {
            return left.indices.flatMap { lines(left[$0], right[$0], path: "\(path)[\($0)]") }
        }
        var result: [String] = []
        var deleted: [Int] = []
        var inserted: [Int] = []
        func flush() {
            let paired = min(deleted.count, inserted.count)
            for offset in 0..<paired {
                result += lines(left[deleted[offset]], right[inserted[offset]], path: "\(path)[\(inserted[offset])]")
            }
            for index in deleted.dropFirst(paired) { result += lines(left[index], nil, path: "\(path)[\(index)]") }
            for index in inserted.dropFirst(paired) { result += lines(nil, right[index], path: "\(path)[\(index)]") }
            deleted.removeAll()
            inserted.removeAll()
        }
        for operation in LineDiff.operations(left, right) {
            switch operation {
            case .equal: flush()
            case .delete(let index): deleted.append(index)
            case .insert(let index): inserted.append(index)
            }
        }
        flush()
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
