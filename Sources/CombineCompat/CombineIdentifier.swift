#if !canImport(Darwin)

import Synchronization

/// A unique identifier for identifying publisher streams.
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let rawValue: UInt64

    private static let counter = Atomic<UInt64>(0)

    /// Creates a unique identifier.
    public init() {
        rawValue = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue | (1 << 63)
    }

    /// Creates an identifier for the given object: equal for the same live object.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// A protocol for uniquely identifying publisher streams.
public protocol CustomCombineIdentifierConvertible {
    /// A unique identifier for publisher streams.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The identity of the object.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

#endif
