import RehearsalBase
import Testing

/// `EnumCases` reads an enum value's case and payload through the runtime's value witnesses and field records instead
/// of through `Mirror`, and `TupleElements` a tuple's elements at their offsets; these check that each reads what
/// `Mirror` reads (the evidence is `Mirror` itself: every case is compared with `Mirror`'s reading of the same value)
/// and leaves to `Mirror` the types it cannot read the same way.
@Suite struct EnumCasesTests {
    @Test func casesWithAndWithoutAPayloadAreWhatMirrorReads() {
        expectMirrorsReading(Direction.north)
        expectMirrorsReading(Direction.west)
        expectMirrorsReading(Counter.count(3))
        expectMirrorsReading(Toggle.on(true))
        expectMirrorsReading(Toggle.off)
        expectMirrorsReading(Toggle.unknown)
        expectMirrorsReading(Loadable.idle)
        expectMirrorsReading(Loadable.loaded(["a", "b"]))
        expectMirrorsReading(Loadable.failed(code: 404, message: "missing"))
        expectMirrorsReading(Sizes.small(7))
        expectMirrorsReading(Sizes.text("a string too long for its inline form"))
        expectMirrorsReading(Sizes.wide(-1))
        expectMirrorsReading(Sizes.none)
        #expect(caseOf(Loadable.failed(code: 404, message: "missing")).name == "failed")
        #expect(caseOf(Counter.count(3)).payload == "3")
    }

    @Test func genericAndNestedGenericEnumsFindTheirPayloadTypes() {
        expectMirrorsReading(Either<Int, [String]>.left(1))
        expectMirrorsReading(Either<Int, [String]>.right(["x"]))
        expectMirrorsReading(Outer<Double>.Inner.held(2.5))
        expectMirrorsReading(Outer<Double>.Inner.empty)
        expectMirrorsReading(Result<Int, Failure>.failure(.denied))
        expectMirrorsReading(Result<Int, Failure>.success(5))
        #expect(caseOf(Either<Int, [String]>.right(["x"])).type == "Array<String>")
    }

    @Test func indirectCasesAreReadThroughTheirBox() {
        let tree = Tree.node(.leaf(1), .node(.leaf(2), .leaf(3)))
        expectMirrorsReading(tree)
        expectMirrorsReading(Tree.leaf(9))
        expectMirrorsReading(List.cons(1, .cons(2, .end)))
        expectMirrorsReading(List.end)
        #expect(caseOf(Tree.leaf(9)).payload == "9")
    }

    @Test func payloadsOfEveryKindAreBoxedAsMirrorBoxesThem() throws {
        let user = User(name: "kim")
        expectMirrorsReading(Payload.user(user))
        expectMirrorsReading(Payload.error(Failure.denied))
        expectMirrorsReading(Payload.anything(ReflectedBig()))
        expectMirrorsReading(Payload.shape(ReflectedBig()))
        expectMirrorsReading(Payload.ping(()))
        expectMirrorsReading(Payload.callback({}))
        expectMirrorsReading(Payload.pair(1, "one"))
        // The payload is boxed under its declared type: an existential payload holds the value inside.
        let shape = try #require(
            EnumCases.of(Payload.shape(ReflectedBig()))?.caseOf(Payload.shape(ReflectedBig())).payload)
        #expect((shape as? any ReflectedShape) != nil)
        #expect((shape as? ReflectedBig)?.fourth == "four")
    }

    @Test func anEnumBoxedUnderAnotherTypeIsReadAsItself() throws {
        // Given an enum value read out of a payload declared `Any` (boxed under `Any`, as `Mirror` boxes it)
        let boxed = try #require(
            EnumCases.of(Payload.anything(Counter.count(8)))?.caseOf(Payload.anything(Counter.count(8))).payload)
        // Then its case is the value inside's
        let cases = try #require(EnumCases.of(boxed))
        #expect(cases.caseOf(boxed).name == "count")
        #expect(cases.caseOf(boxed).payload.map { "\($0)" } == "8")
    }

    @Test func optionalsAreReadAsTheirCases() {
        expectMirrorsReading(Optional(3) as Any)
        expectMirrorsReading(Optional<String>.none as Any)
        expectMirrorsReading(Optional(Optional(4)) as Any)
        expectMirrorsReading(Optional<Int?>.some(nil) as Any)
        expectMirrorsReading(Optional<any Error>.some(Failure.denied) as Any)
        #expect(caseOf(Optional(3) as Any).name == "some")
        // `Optional`'s own mirror has no child for `nil`, which then reads as it describes itself.
        #expect(caseOf(Optional<String>.none as Any).name == "nil")
    }

    @Test func aCaseOfATypeThatDescribesItselfIsNamedAsItsDescriptionNamesIt() {
        // As `Mirror`'s reading names a case without a payload: by `String(describing:)`, up to a parenthesis.
        expectMirrorsReading(Described.plain)
        #expect(caseOf(Described.plain).name == "Plain state")
        expectMirrorsReading(Described.detailed(1))
        #expect(caseOf(Described.detailed(1)).name == "detailed")
    }

    @Test func typesMirrorMustReadAreLeftToIt() {
        #expect(EnumCases.of(CustomEnum.hidden) == nil)
        #expect(EnumCases.of(ReflectedSquare(side: 1)) == nil)
        #expect(EnumCases.of((1, 2)) == nil)
        #expect(EnumCases.of(User(name: "kim")) == nil)
        #expect(EnumCases.of(3) == nil)
        // The reading through `Mirror` gives a custom mirror's own child.
        #expect(EnumCases.mirrorCase(of: CustomEnum.hidden).name == "shown")
    }

    @Test func tagsBeyondAByteAndBeyondAPayloadsSpareValuesAreRead() {
        // 300 cases need a tag of two bytes; a `Bool` payload's 254 spare values hold only the first 254 others.
        expectMirrorsReading(Many.c0)
        expectMirrorsReading(Many.c255)
        expectMirrorsReading(Many.c256)
        expectMirrorsReading(Many.c299)
        expectMirrorsReading(Spare.value(true))
        expectMirrorsReading(Spare.e0)
        expectMirrorsReading(Spare.e253)
        expectMirrorsReading(Spare.e254)
        expectMirrorsReading(Spare.e299)
        #expect(caseOf(Spare.e299).name == "e299")
    }

    @Test func theSameTypeReadsEachValueAfresh() {
        #expect(caseOf(Counter.count(1)) != caseOf(Counter.count(2)))
        #expect(caseOf(Toggle.on(false)) != caseOf(Toggle.on(true)))
        #expect(caseOf(Toggle.off) != caseOf(Toggle.unknown))
    }

    @Test func tuplesElementsAreWhatMirrorReads() throws {
        expectMirrorsElements((1, "one"))
        expectMirrorsElements((a: 1, b: "two"))
        expectMirrorsElements((a: 1, 2.5))
        expectMirrorsElements((1, b: [3]))
        expectMirrorsElements(
            (shape: ReflectedBig() as any ReflectedShape, anything: ReflectedBig() as Any, nested: (1, 2)))
        expectMirrorsElements(())
        let labels = try #require(TupleElements.of((a: 1, 2.5))).labels
        #expect(labels == ["a", ".1"])
        // A case's labelled payload is a tuple of its labels.
        let payload = try #require(caseOfValue(Loadable.failed(code: 1, message: "m")))
        expectMirrorsElements(payload)
        #expect(try #require(TupleElements.of(payload)).labels == ["code", "message"])
        #expect(TupleElements.of(ReflectedSquare(side: 1)) == nil)
        #expect(TupleElements.of(Direction.north) == nil)
    }
}

/// A case as read: its name, and its payload's description and dynamic type (nil without one).
private struct CaseRead: Equatable {
    var name: String
    var payload: String?
    var type: String?
}

private func caseOf(_ value: Any) -> CaseRead {
    guard let cases = EnumCases.of(value) else { return CaseRead(name: "<no cases>") }
    return describe(cases.caseOf(value))
}

private func caseOfValue(_ value: Any) -> Any? {
    EnumCases.of(value)?.caseOf(value).payload
}

private func describe(_ read: (name: String, payload: Any?)) -> CaseRead {
    CaseRead(
        name: read.name, payload: read.payload.map { String(reflecting: $0) },
        type: read.payload.map { "\(type(of: $0))" })
}

private func expectMirrorsReading(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(EnumCases.of(value) != nil, sourceLocation: sourceLocation)
    #expect(caseOf(value) == describe(EnumCases.mirrorCase(of: value)), sourceLocation: sourceLocation)
    // `mirrorCase` itself is `Mirror`'s reading: its first child's label and value, or the described case.
    let mirror = Mirror(reflecting: value)
    if let child = mirror.children.first {
        #expect(caseOf(value).name == child.label, sourceLocation: sourceLocation)
        #expect(caseOf(value).payload == String(reflecting: child.value), sourceLocation: sourceLocation)
    } else {
        #expect(caseOf(value).payload == nil, sourceLocation: sourceLocation)
    }
}

private func expectMirrorsElements(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let elements = TupleElements.of(value) else {
        Issue.record("no tuple elements for \(value)", sourceLocation: sourceLocation)
        return
    }
    var read: [CaseRead] = []
    elements.forEach(in: value) { label, element in read.append(describe((label, element))) }
    let mirrored = Mirror(reflecting: value).children.map { describe(($0.label ?? "", $0.value)) }
    #expect(read == mirrored, sourceLocation: sourceLocation)
}

private final class User {
    let name: String
    init(name: String) { self.name = name }
}

private enum Failure: Error { case denied }

private enum Direction { case north, south, east, west }
private enum Counter { case count(Int) }
private enum Toggle {
    case on(Bool)
    case off, unknown
}
private enum Loadable {
    case idle, loading
    case loaded([String])
    case failed(code: Int, message: String)
}
private enum Sizes {
    case small(UInt8)
    case text(String)
    case wide(Int64)
    case none
}
private enum Either<A, B> {
    case left(A)
    case right(B)
}
private struct Outer<T> {
    enum Inner {
        case held(T)
        case empty
    }
}
private indirect enum Tree {
    case leaf(Int)
    case node(Tree, Tree)
}
private enum List {
    case end
    indirect case cons(Int, List)
}
private enum Payload {
    case user(User)
    case error(any Error)
    case anything(Any)
    case shape(any ReflectedShape)
    case ping(Void)
    case callback(() -> Void)
    case pair(Int, String)
}
private enum Described: CustomStringConvertible {
    case plain
    case detailed(Int)
    var description: String {
        switch self {
        case .plain: "Plain state"
        case .detailed(let value): "Detailed(\(value))"
        }
    }
}
private enum CustomEnum: CustomReflectable {
    case hidden
    var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
}
private enum Many {
    case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11
    case c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22, c23
    case c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35
    case c36, c37, c38, c39, c40, c41, c42, c43, c44, c45, c46, c47
    case c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58, c59
    case c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71
    case c72, c73, c74, c75, c76, c77, c78, c79, c80, c81, c82, c83
    case c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95
    case c96, c97, c98, c99, c100, c101, c102, c103, c104, c105, c106, c107
    case c108, c109, c110, c111, c112, c113, c114, c115, c116, c117, c118, c119
    case c120, c121, c122, c123, c124, c125, c126, c127, c128, c129, c130, c131
    case c132, c133, c134, c135, c136, c137, c138, c139, c140, c141, c142, c143
    case c144, c145, c146, c147, c148, c149, c150, c151, c152, c153, c154, c155
    case c156, c157, c158, c159, c160, c161, c162, c163, c164, c165, c166, c167
    case c168, c169, c170, c171, c172, c173, c174, c175, c176, c177, c178, c179
    case c180, c181, c182, c183, c184, c185, c186, c187, c188, c189, c190, c191
    case c192, c193, c194, c195, c196, c197, c198, c199, c200, c201, c202, c203
    case c204, c205, c206, c207, c208, c209, c210, c211, c212, c213, c214, c215
    case c216, c217, c218, c219, c220, c221, c222, c223, c224, c225, c226, c227
    case c228, c229, c230, c231, c232, c233, c234, c235, c236, c237, c238, c239
    case c240, c241, c242, c243, c244, c245, c246, c247, c248, c249, c250, c251
    case c252, c253, c254, c255, c256, c257, c258, c259, c260, c261, c262, c263
    case c264, c265, c266, c267, c268, c269, c270, c271, c272, c273, c274, c275
    case c276, c277, c278, c279, c280, c281, c282, c283, c284, c285, c286, c287
    case c288, c289, c290, c291, c292, c293, c294, c295, c296, c297, c298, c299
}
private enum Spare {
    case value(Bool)
    case e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11
    case e12, e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23
    case e24, e25, e26, e27, e28, e29, e30, e31, e32, e33, e34, e35
    case e36, e37, e38, e39, e40, e41, e42, e43, e44, e45, e46, e47
    case e48, e49, e50, e51, e52, e53, e54, e55, e56, e57, e58, e59
    case e60, e61, e62, e63, e64, e65, e66, e67, e68, e69, e70, e71
    case e72, e73, e74, e75, e76, e77, e78, e79, e80, e81, e82, e83
    case e84, e85, e86, e87, e88, e89, e90, e91, e92, e93, e94, e95
    case e96, e97, e98, e99, e100, e101, e102, e103, e104, e105, e106, e107
    case e108, e109, e110, e111, e112, e113, e114, e115, e116, e117, e118, e119
    case e120, e121, e122, e123, e124, e125, e126, e127, e128, e129, e130, e131
    case e132, e133, e134, e135, e136, e137, e138, e139, e140, e141, e142, e143
    case e144, e145, e146, e147, e148, e149, e150, e151, e152, e153, e154, e155
    case e156, e157, e158, e159, e160, e161, e162, e163, e164, e165, e166, e167
    case e168, e169, e170, e171, e172, e173, e174, e175, e176, e177, e178, e179
    case e180, e181, e182, e183, e184, e185, e186, e187, e188, e189, e190, e191
    case e192, e193, e194, e195, e196, e197, e198, e199, e200, e201, e202, e203
    case e204, e205, e206, e207, e208, e209, e210, e211, e212, e213, e214, e215
    case e216, e217, e218, e219, e220, e221, e222, e223, e224, e225, e226, e227
    case e228, e229, e230, e231, e232, e233, e234, e235, e236, e237, e238, e239
    case e240, e241, e242, e243, e244, e245, e246, e247, e248, e249, e250, e251
    case e252, e253, e254, e255, e256, e257, e258, e259, e260, e261, e262, e263
    case e264, e265, e266, e267, e268, e269, e270, e271, e272, e273, e274, e275
    case e276, e277, e278, e279, e280, e281, e282, e283, e284, e285, e286, e287
    case e288, e289, e290, e291, e292, e293, e294, e295, e296, e297, e298, e299
}
