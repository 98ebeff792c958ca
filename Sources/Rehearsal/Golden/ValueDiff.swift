import ScenarioJSON

/// A structural diff of two JSON values, as ``ValueChange``s named by their path inside the value.
///
/// ```swift
/// ValueDiff.changes(["name": "Lee"], ["name": "Li"], path: ValuePath([.member("value")])).map(\.line)
/// // ["value.name: - \"Lee\" + \"Li\""]
/// ```
/// Objects are compared member by member. Arrays are aligned by a longest common subsequence of their elements,
/// so an inserted element is one `inserted`, not every later element changed; an element equal at one index on
/// both sides is never part of a difference. Of the elements left over: one equal on both sides `moved`; inside one
/// run of differences, elements that look alike (scalars, or containers sharing a member or an element) are paired
/// in order and compared inside; containers that look alike in different runs are `moved` and compared inside;
/// the rest is `removed` and `inserted` (see ``arrayChanges(_:_:path:)``).
/// - Complexity: O((N+M)·D) per array of N and M elements with D differences (Myers' algorithm), plus O(D²) to
///   find moves.
enum ValueDiff {
    static func changes(_ old: JSONValue?, _ new: JSONValue?, path: ValuePath) -> [ValueChange] {
        switch (old, new) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.keys
            keys += right.keys.filter { left[$0] == nil }
            return keys.flatMap { key in changes(left[key], right[key], path: path.appending(.member(key))) }
        case (.array(let left)?, .array(let right)?):
            return arrayChanges(left, right, path: path)
        case (nil, let added?):
            return [ValueChange(.added, path: path, actual: added)]
        case (let removed?, nil):
            return [ValueChange(.removed, path: path, expected: removed)]
        default:
            guard old != new else { return [] }
            return [ValueChange(.changed, path: path, expected: old, actual: new)]
        }
    }

    /// Whether two elements are one element changed rather than one removed and another inserted: two scalars,
    /// or two objects sharing a member (name and value), or two arrays sharing an element.
    static func alike(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.members.contains { b[$0.key] == $0.value }
        case (.array(let a), .array(let b)):
            return a.contains { b.contains($0) }
        case (.object, _), (_, .object), (.array, _), (_, .array):
            return false
        default:
            return true
        }
    }
}
