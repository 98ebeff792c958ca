#if !canImport(Darwin)

/// A publisher that performs type erasure by wrapping another publisher.
///
/// Use `eraseToAnyPublisher()` to expose an `AnyPublisher` at API boundaries instead of the concrete type.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline let box: _AnyPublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = _AnyPublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }

    /// "AnyPublisher", its description (AnyPublisherTests.testDescription of the OpenCombine suite, run against
    /// Apple's Combine).
    public var playgroundDescription: Any { description }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }
}

@usableFromInline
class _AnyPublisherBoxBase<Output, Failure: Error>: @unchecked Sendable {
    @inlinable init() {}

    @inlinable
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

@usableFromInline
final class _AnyPublisherBox<P: Publisher>: _AnyPublisherBoxBase<P.Output, P.Failure>, @unchecked Sendable {
    @usableFromInline let base: P

    @inlinable
    init(_ base: P) {
        self.base = base
    }

    @inlinable
    override func receive<S: Subscriber>(subscriber: S) where S.Input == P.Output, S.Failure == P.Failure {
        base.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// Wraps this publisher with a type eraser.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

#endif
