import ScenarioJSON
import Testing

@testable import Rehearsal

/// The structural diff of arrays against random small arrays: the reported lines rebuild the run's value from the
/// golden's, no line moves an element to its own index, and the lines come in the run's order.
@Suite struct ValueDiffPropertyTests {
    /// SplitMix64, seeded: the same cases on every run.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }

        /// An element: a small integer, an object with an id (often sharing fields with others), or a short array.
        mutating func element(depth: Int = 0) -> JSONValue {
            switch next(depth > 0 ? 2 : 5) {
            case 0: return .integer(Int64(next(4)))
            case 1: return .string(["a", "b"][next(2)])
            case 4 where depth == 0: return .array((0..<next(3)).map { _ in element(depth: depth + 1) })
            default:
                var object = JSONObject()
                object["id"] = .integer(Int64(next(4)))
                if next(3) > 0 { object["name"] = .string(["Kim", "Lee", "Mo"][next(3)]) }
                if next(4) == 0 { object["tags"] = .array((0..<next(3)).map { _ in .integer(Int64(next(3))) }) }
                return .object(object)
            }
        }

        /// A run's array made from the golden's: shuffled, with elements removed, inserted and edited; or a new one.
        mutating func variant(of golden: [JSONValue]) -> [JSONValue] {
            if next(6) == 0 { return (0..<next(6)).map { _ in element() } }
            var result = golden
            for _ in 0..<next(4) {
                switch next(4) {
                case 0 where !result.isEmpty: result.remove(at: next(result.count))
                case 1: result.insert(element(), at: next(result.count + 1))
                case 2 where result.count > 1: result.swapAt(next(result.count), next(result.count))
                case 3 where !result.isEmpty:
                    let index = next(result.count)
                    if case .object(var object) = result[index] {
                        object["name"] = .string(["Kim", "Lee", "Mo", "Tomás"][next(4)])
                        result[index] = .object(object)
                    } else {
                        result[index] = element()
                    }
                default: break
                }
            }
            return result
        }
    }

    @Test func theReportedLinesRebuildTheRunsArrayAndNeverMoveAnElementToItsOwnIndex() {
        var random = Generator(state: 20_261_201)
        let root = ValuePath([.member("value")])
        var seen: [ValueChange.Kind: Int] = [:]
        for _ in 0..<3_000 {
            let golden = (0..<random.next(7)).map { _ in random.element() }
            let actual = random.variant(of: golden)
            let changes = ValueDiff.changes(.array(golden), .array(actual), path: root)
            let context =
                "golden \(text(.array(golden))), run \(text(.array(actual))):\n"
                + changes.map(\.line).joined(separator: "\n")
            // Applying the lines to the golden gives the run's value
            do {
                let rebuilt = try Self.apply(changes, to: .array(golden), at: root)
                #expect(Self.canonical(rebuilt) == Self.canonical(.array(actual)), "\(context)")
            } catch {
                Issue.record("\(error)\n\(context)")
            }
            // and no line moves an element to where it already was
            #expect(!changes.contains { $0.kind == .moved && $0.from == $0.path }, "\(context)")
            // and the lines about the run's elements come in its order
            let order = changes.filter { $0.kind != .removed }.compactMap { Self.index(of: $0.path, under: root) }
            #expect(order == order.sorted(), "\(context)")
            // and the diff of a value with itself is empty
            #expect(ValueDiff.changes(.array(actual), .array(actual), path: root).isEmpty)
            for kind in Set(changes.map(\.kind)) { seen[kind, default: 0] += 1 }
        }
        // The cases hold every kind of line, many times
        #expect([.changed, .added, .removed, .moved].allSatisfy { seen[$0, default: 0] > 300 }, "\(seen)")
    }

    @Test func theReportedReorderIsTheOneAReviewerCanApply() throws {
        // Golden [1, 3, 2] (by id), run [2, 3, 1]: the element that stayed is not mentioned, the other two move
        let one = #"{"id": 1, "name": "Kim"}"#
        let two = #"{"id": 2, "name": "Lee"}"#
        let three = #"{"id": 3, "name": "Mo"}"#
        let changes = ValueDiff.changes(
            try JSONParser().parseValue("[\(one), \(three), \(two)]"),
            try JSONParser().parseValue("[\(two), \(three), \(one)]"), path: ValuePath([.member("value")]))
        #expect(
            changes.map(\.line) == ["value[0]: \(two) moved from value[2]", "value[2]: \(one) moved from value[0]"])
        // An element kept at its index while its neighbours swap is changed in place, not moved to itself
        let edited = #"{"id": 3, "name": "Tomás"}"#
        #expect(
            try lines("[\(one), \(three), \(two)]", "[\(two), \(edited), \(one)]") == [
                "value[0]: \(two) moved from value[2]", #"value[1].name: - "Mo" + "Tomás""#,
                "value[2]: \(one) moved from value[0]",
            ])
        // An element equal at its own index is kept even where a longer alignment would leave it out
        #expect(
            try lines("[1, 2, 9]", "[7, 8, 9, 1, 2]") == [
                "value[0]: + 7 (inserted)", "value[1]: + 8 (inserted)", "value[3]: 1 moved from value[0]",
                "value[4]: 2 moved from value[1]",
            ])
    }

    private func lines(_ old: String, _ new: String) throws -> [String] {
        ValueDiff.changes(
            try JSONParser().parseValue(old), try JSONParser().parseValue(new), path: ValuePath([.member("value")])
        ).map(\.line)
    }

    private func text(_ value: JSONValue) -> String { JSONWriter(style: .spaced).string(value) }

    /// The index right under `root` that `path` names.
    static func index(of path: ValuePath, under root: ValuePath) -> Int? {
        guard path.components.count > root.components.count,
            case .index(let index) = path.components[root.components.count]
        else { return nil }
        return index
    }

    /// The value with every object's members sorted by key (member order is not what the diff reports).
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var sorted = JSONObject()
            for member in object.members.sorted(by: { $0.key < $1.key }) {
                sorted[member.key] = canonical(member.value)
            }
            return .object(sorted)
        case .array(let elements): return .array(elements.map(canonical))
        default: return value
        }
    }

    struct ApplyError: Error, CustomStringConvertible {
        var description: String
    }

    /// The golden's `value` with `changes` (all under `path`) applied as a reader would: in an array, lines naming
    /// an element place it (a move from its golden index, an insertion) or drop a golden element (a removal, by its
    /// golden index); every other golden element keeps its order and fills the places left; then the lines inside
    /// each element of the result apply to it.
    static func apply(_ changes: [ValueChange], to value: JSONValue, at path: ValuePath) throws -> JSONValue {
        let depth = path.components.count
        let here = changes.filter { $0.path.components.count == depth + 1 }
        let inside = changes.filter { $0.path.components.count > depth + 1 }
        if let whole = changes.first(where: { $0.path == path }) {
            guard whole.kind == .changed, whole.expected == value, changes.count == 1, let actual = whole.actual else {
                throw ApplyError(description: "\(whole.line) does not apply to \(value)")
            }
            return actual
        }
        switch value {
        case .array(let golden):
            var placed: [Int: JSONValue] = [:]
            var used = Set<Int>()
            for change in here {
                guard case .index(let index) = change.path.components[depth] else {
                    throw ApplyError(description: "\(change.line): not an element")
                }
                switch change.kind {
                case .removed:
                    guard golden.indices.contains(index), golden[index] == change.expected, used.insert(index).inserted
                    else { throw ApplyError(description: "\(change.line) does not apply") }
                case .moved:
                    guard let from = change.from.flatMap({ Self.index(of: $0, under: path) }),
                        golden.indices.contains(from), golden[from] == change.expected, used.insert(from).inserted,
                        placed.updateValue(golden[from], forKey: index) == nil
                    else { throw ApplyError(description: "\(change.line) does not apply") }
                case .added:
                    guard let actual = change.actual, placed.updateValue(actual, forKey: index) == nil else {
                        throw ApplyError(description: "\(change.line) does not apply")
                    }
                case .changed:
                    break
                }
            }
            var rest = golden.indices.filter { !used.contains($0) }.map { golden[$0] }[...]
            var result: [JSONValue] = []
            for index in 0..<(placed.count + rest.count) {
                if let element = placed[index] {
                    result.append(element)
                } else if let element = rest.popFirst() {
                    result.append(element)
                } else {
                    throw ApplyError(description: "nothing fills value[\(index)]")
                }
            }
            guard placed.keys.allSatisfy({ $0 < result.count }) else {
                throw ApplyError(description: "an element is placed past the end")
            }
            let nested = here.filter { $0.kind == .changed } + inside
            return .array(
                try result.enumerated().map { index, element in
                    let at = path.appending(.index(index))
                    let mine = nested.filter { $0.path.components.starts(with: at.components) }
                    return mine.isEmpty ? element : try apply(mine, to: element, at: at)
                })
        case .object(var object):
            for change in here {
                guard case .member(let key) = change.path.components[depth] else {
                    throw ApplyError(description: "\(change.line): not a member")
                }
                switch change.kind {
                case .added: object[key] = change.actual
                case .removed: object[key] = nil
                default:
                    guard let member = object[key] else { throw ApplyError(description: "\(change.line): no member") }
                    object[key] = try apply([change], to: member, at: change.path)
                }
            }
            for (key, member) in object {
                let at = path.appending(.member(key))
                let mine = inside.filter { $0.path.components.starts(with: at.components) }
                if !mine.isEmpty { object[key] = try apply(mine, to: member, at: at) }
            }
            return .object(object)
        default:
            throw ApplyError(description: "changes inside a scalar: \(changes.map(\.line))")
        }
    }
}
