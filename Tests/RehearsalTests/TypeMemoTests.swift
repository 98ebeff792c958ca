import RehearsalBase
import Testing

/// A `TypeMemo` keeps one fact per type, found once: past its first table's size too, with `nil` facts kept as facts,
/// and from several threads at once.
@Suite struct TypeMemoTests {
    struct Box<Wrapped> {}

    /// Forty distinct types (more than the first table holds).
    static let types: [Any.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
        UInt64.self, Double.self, Float.self, Bool.self, String.self, Character.self, Substring.self, [Int].self,
        [String].self, [Double].self, Set<Int>.self, Set<String>.self, [Int: String].self, [String: Int].self,
        Int?.self, String?.self, Double?.self, Box<Int>.self, Box<String>.self, Box<Double>.self, Box<Bool>.self,
        Box<[Int]>.self, Box<Box<Int>>.self, Box<Box<String>>.self, (Int, Int).self, (String, Int).self,
        (Int, String, Bool).self, [[Int]].self, [[String]].self, Box<Int?>.self, Box<Set<Int>>.self,
    ]

    @Test func eachTypeKeepsItsOwnFactFoundOnce() {
        let memo = TypeMemo<String?>()
        var found = 0
        for _ in 0..<3 {
            for (index, type) in Self.types.enumerated() {
                let fact = memo.value(for: type) {
                    found += 1
                    // Every third type's fact is nil: kept as a fact, not taken for a type not seen yet.
                    return index % 3 == 0 ? nil : "\(type)"
                }
                #expect(fact == (index % 3 == 0 ? nil : "\(type)"))
            }
        }
        #expect(found == Self.types.count)
    }

    @Test func threadsMeetingTheSameTypesGetTheSameFacts() async {
        let memo = TypeMemo<Int>()
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var sum = 0
                    for _ in 0..<200 {
                        for (index, type) in Self.types.enumerated() { sum += memo.value(for: type) { index } }
                    }
                    return sum
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = 200 * Self.types.indices.reduce(0, +)
        #expect(sums == [expected, expected, expected, expected])
    }
}
