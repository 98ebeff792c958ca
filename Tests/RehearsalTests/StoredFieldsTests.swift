import RehearsalBase
import Testing

/// `StoredFields` reads a struct's or a class's stored properties at their offsets instead of through `Mirror`; these
/// check that it reads what `Mirror` reads, name for name, value for value, and that it leaves to `Mirror` the types it
/// cannot read the same way (the evidence is `Mirror` itself: each case is compared with a `Mirror` walk).
@Suite struct StoredFieldsTests {
    @Test func aStructsPropertiesAreWhatMirrorReads() {
        let value = Mixed()
        #expect(StoredFields.of(value) != nil)
        #expect(read(value) == mirrorWalk(value))
        let labels = ["count", "name", "tags", "missing", "pair", "shape", "anything", "action"]
        #expect(read(value).map(\.label) == labels)
    }

    @Test func aClassesPropertiesAreItsSuperclassesFirstAsMirrorReadsThem() throws {
        let value = Leaf()
        let fields = try #require(StoredFields.of(value))
        #expect(fields.isClass)
        #expect(read(value) == mirrorWalk(value))
        let labels = ["rootID", "middleName", "leafItems", "$__lazy_storage_$_summary", "_flag"]
        #expect(read(value).map(\.label) == labels)
        // Its own, as `Mirror(reflecting:).children` gives them.
        var own: [String] = []
        StoredFields.forEachProperty(of: value, ownOnly: true) { label, _ in own.append(label ?? "") }
        #expect(own == Mirror(reflecting: value).children.map { $0.label ?? "" })
    }

    @Test func aGenericClassAndAStructOfNoBytesAreRead() {
        #expect(read(Box(held: [1, 2])) == mirrorWalk(Box(held: [1, 2])))
        #expect(read(Nothing()) == mirrorWalk(Nothing()))
        #expect(read(Nothing()).map(\.label) == ["unit", "none"])
    }

    @Test func aValueBoxedUnderItsPropertysTypeIsReadAsItself() throws {
        // Given properties read out of their holder, each boxed under its declared type (as `Mirror` boxes it): a
        // protocol holding a value too big for the box's own buffer, `Any`, and a superclass holding a subclass
        let holder = Holder(shape: ReflectedBig(), anything: ReflectedBig(), node: Leaf())
        var inner: [String: Any] = [:]
        StoredFields.forEachProperty(of: holder) { label, value in inner[label ?? ""] = value }

        // Then each one's properties are those of the value inside, as `Mirror` reads them
        #expect(read(try #require(inner["shape"])) == mirrorWalk(ReflectedBig()))
        #expect(read(try #require(inner["anything"])) == mirrorWalk(ReflectedBig()))
        #expect(read(try #require(inner["node"])) == mirrorWalk(Leaf()))
        #expect(read(try #require(inner["shape"])).map(\.value) == ["1", "2", "3", #""four""#])
    }

    @Test func typesMirrorMustReadAreLeftToIt() {
        #expect(StoredFields.of(WithWeak()) == nil)
        let other = Leaf()
        withExtendedLifetime(other) { #expect(StoredFields.of(WithUnowned(other: other)) == nil) }
        #expect(StoredFields.of(Custom()) == nil)
        #expect(StoredFields.of(Choice.one(1)) == nil)
        #expect(StoredFields.of((1, "a")) == nil)
        #expect(StoredFields.of(Optional(3) as Any) == nil)
        // And the walk through `Mirror` still gives them, as it did.
        #expect(read(WithWeak()) == mirrorWalk(WithWeak()))
        #expect(read(Custom()).map(\.label) == ["shown"])
    }

    @Test func theSameTypeReadsEachValueAfresh() {
        // The layout is kept per type; what the properties hold is read every time.
        #expect(read(ReflectedSquare(side: 1)) != read(ReflectedSquare(side: 2)))
        #expect(read(ReflectedSquare(side: 2)) == mirrorWalk(ReflectedSquare(side: 2)))
    }
}

/// One property as read: its label, its value's description and its value's dynamic type.
private struct Read: Equatable {
    var label: String
    var value: String
    var type: String
}

private func read(_ value: Any) -> [Read] {
    var reads: [Read] = []
    StoredFields.forEachProperty(of: value) { label, value in
        reads.append(Read(label: label ?? "", value: String(reflecting: value), type: "\(type(of: value))"))
    }
    return reads
}

/// What `Mirror` reads of `value`, its superclasses' properties first.
private func mirrorWalk(_ value: Any) -> [Read] {
    var levels: [Mirror] = []
    var level: Mirror? = Mirror(reflecting: value)
    while let current = level {
        levels.insert(current, at: 0)
        level = current.superclassMirror
    }
    return levels.flatMap { level in
        level.children.map { child in
            Read(label: child.label ?? "", value: String(reflecting: child.value), type: "\(type(of: child.value))")
        }
    }
}

private struct Holder {
    var shape: any ReflectedShape
    var anything: Any
    var node: Root
}

private struct Mixed {
    var count = 3
    var name = "mixed"
    var tags: [String] = ["a", "b"]
    var missing: Int? = nil
    var pair = (1, "one")
    var shape: any ReflectedShape = ReflectedSquare(side: 2)
    var anything: Any = 4.5
    var action: () -> Int = { 1 }
}

private class Root {
    let rootID = 7
}

private class Middle: Root {
    var middleName = "middle"
}

@propertyWrapper private struct Flag {
    var wrappedValue: Bool
}

private final class Leaf: Middle {
    var leafItems: Set<Int> = [1]
    lazy var summary: String = "lazy"
    @Flag var flag = true
}

private final class Box<Held> {
    let held: Held
    init(held: Held) { self.held = held }
}

private struct Nothing {
    var unit: Void = ()
    var none = Empty()
}

private struct Empty {}

private final class WithWeak {
    weak var other: Leaf?
    var kept = 1
}

private final class WithUnowned {
    unowned let other: Leaf
    init(other: Leaf) { self.other = other }
}

private struct Custom: CustomReflectable {
    var hidden = 1
    var customMirror: Mirror { Mirror(self, children: ["shown": 2]) }
}

private enum Choice {
    case one(Int)
}
