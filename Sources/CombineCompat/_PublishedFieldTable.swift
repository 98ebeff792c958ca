#if !canImport(Darwin)

@_spi(Reflection) import Swift
import Synchronization
import RehearsalBase

/// Where the `@Published` properties of each class live, found once per class and cached.
///
/// A class's fields (its own and its superclasses') are listed once with the standard library's field reflection;
/// the byte offsets of the `Published` ones are kept per class. A `Published` is a single reference to its box, so
/// the box is read straight from the object at that offset. If field reflection is unavailable for a class, the
/// table falls back to walking a `Mirror` of the object.
/// A weak reference, for tables keyed by object identity.
final class _WeakObject {
    weak var value: AnyObject?

    init(_ value: AnyObject) {
        self.value = value
    }
}

final class _PublishedFieldTable: @unchecked Sendable {
    static let shared = _PublishedFieldTable()

    private enum Layout {
        case offsets([Int])
        case reflectEachTime
    }

    private let lock = _Lock()
    private var layouts: [ObjectIdentifier: Layout] = [:]
    /// The most recently used class and its layout: a ViewModel's reads hit it without hashing.
    private var recent: (type: ObjectIdentifier, layout: Layout)?
    /// The most recent class and the offset of its first `@Published` field (-1 if it has none to read), for
    /// reads without the lock: a sequence lock, odd while `layout(of:)` rewrites the pair under the lock.
    private let recentVersion = Atomic<UInt>(0)
    private let recentType = Atomic<UInt>(0)
    private let recentFirstOffset = Atomic<Int>(-1)

    func objectWillChange(of object: AnyObject) -> ObservableObjectPublisher {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        // Fastest path: the class read last, found without the lock, and its publisher installed already.
        if let first = cachedFirstOffset(of: type(of: object)),
            let installed = base.load(fromByteOffset: first, as: _PublishedBoxBase.self).installedPublisher
        {
            return installed
        }
        // Fast path: every read after the first finds the publisher in the first `@Published` box.
        if case .offsets(let offsets) = layout(of: type(of: object)), let first = offsets.first {
            if let installed = base.load(fromByteOffset: first, as: _PublishedBoxBase.self).installedPublisher {
                return installed
            }
        }
        let boxes = publishedBoxes(of: object)
        guard let first = boxes.first else { return publisherWithoutPublishedProperties(of: object) }
        let publisher = first.install(ObservableObjectPublisher())
        for box in boxes.dropFirst() {
            _ = box.install(publisher)
        }
        return publisher
    }

    /// Publishers of objects that have no `@Published` property to keep theirs in (a class that calls
    /// `objectWillChange.send()` itself), one per live object: every read returns the same publisher.
    private var lonePublishers: [ObjectIdentifier: (object: _WeakObject, publisher: ObservableObjectPublisher)] = [:]

    private func publisherWithoutPublishedProperties(of object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        lock.lock()
        defer { lock.unlock() }
        if let entry = lonePublishers[key], entry.object.value === object { return entry.publisher }
        // Forget the publishers of objects that are gone (their identifiers may be reused).
        lonePublishers = lonePublishers.filter { $0.value.object.value != nil }
        let publisher = ObservableObjectPublisher()
        lonePublishers[key] = (_WeakObject(object), publisher)
        return publisher
    }

    private func publishedBoxes(of object: AnyObject) -> [_PublishedBoxBase] {
        switch layout(of: type(of: object)) {
        case .offsets(let offsets):
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return offsets.map { base.load(fromByteOffset: $0, as: _PublishedBoxBase.self) }
        case .reflectEachTime:
            var boxes: [_PublishedBoxBase] = []
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children {
                    if let published = child.value as? _PublishedStorage { boxes.append(published._box) }
                }
                mirror = current.superclassMirror
            }
            return boxes
        }
    }

    private func layout(of type: AnyClass) -> Layout {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let recent, recent.type == key {
            lock.unlock()
            return recent.layout
        }
        if let known = layouts[key] {
            setRecent(key, known)
            lock.unlock()
            return known
        }
        lock.unlock()
        var offsets: [Int] = []
        // `_EachFieldOptions.classType` is a mutable static, so its raw value (bit 0) is spelled out here.
        let classType = _EachFieldOptions(rawValue: 1 << 0)
        let listed = _forEachField(of: type, options: classType) { _, offset, fieldType, _ in
            if fieldType is _PublishedStorage.Type { offsets.append(offset) }
            return true
        }
        let found: Layout = listed ? .offsets(offsets) : .reflectEachTime
        lock.withLock {
            layouts[key] = found
            setRecent(key, found)
        }
        return found
    }

    /// The first `@Published` offset of `type` if it is the class read last; read without the lock.
    private func cachedFirstOffset(of type: AnyClass) -> Int? {
        let before = recentVersion.load(ordering: .acquiring)
        guard before & 1 == 0 else { return nil }
        let cached = recentType.load(ordering: .relaxed)
        let offset = recentFirstOffset.load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        guard recentVersion.load(ordering: .relaxed) == before, offset >= 0,
            cached == UInt(bitPattern: ObjectIdentifier(type))
        else { return nil }
        return offset
    }

    /// Makes `key` the class read last. Called with the lock held.
    private func setRecent(_ key: ObjectIdentifier, _ layout: Layout) {
        recent = (key, layout)
        var offset = -1
        if case .offsets(let offsets) = layout, let first = offsets.first { offset = first }
        let version = recentVersion.load(ordering: .relaxed)
        recentVersion.store(version &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        recentType.store(UInt(bitPattern: key), ordering: .relaxed)
        recentFirstOffset.store(offset, ordering: .relaxed)
        recentVersion.store(version &+ 2, ordering: .releasing)
    }
}

#endif
