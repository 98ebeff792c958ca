#if !canImport(Darwin)

extension Publisher {
    /// Publishes a specific element, indicated by its index in the sequence of published elements.
    ///
    /// Elements before the index ask upstream for one more each; once the element is published the publisher
    /// cancels upstream and finishes.
    ///
    ///     let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .output(at: 5)
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "6"
    ///
    /// - Parameter index: The index that indicates the element to publish. Must not be negative.
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        _APIViolation.checkNotNegative(index, "output(at:) index")
        return output(in: index...index)
    }

    /// Publishes elements specified by their range in the sequence of published elements.
    ///
    ///     let numbers = [1, 1, 2, 2, 2, 3, 4, 5, 6]
    ///     numbers.publisher
    ///         .output(in: (3...5))
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "2 2 3 "
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        let bounds = range.relative(to: 0..<Int.max)
        _APIViolation.checkNotNegative(bounds.lowerBound, "output(in:) lower bound")
        return Publishers.Output(upstream: self, range: bounds)
    }

    /// Republishes elements up to the specified maximum count, then cancels upstream and finishes.
    ///
    ///     let numbers = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .prefix(2)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "0 1"
    ///
    /// - Parameter maxLength: The maximum number of elements to republish. Must not be negative.
    @inlinable
    public func prefix(_ maxLength: Int, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Output<Self>
    {
        _APIViolation.checkNotNegative(maxLength, "prefix(_:) maxLength")
        return output(in: ..<MutationSeam.count(maxLength, .prefix, file: file, line: line, column: column))
    }
}

extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// The range of elements to publish.
        public let range: CountableRange<Int>

        /// Creates a publisher that publishes the elements at the indices in `range`.
        @inlinable
        public init(upstream: Upstream, range: CountableRange<Int>) {
            self.upstream = upstream
            self.range = range
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let range = self.range
            var index = 0
            upstream._subscribeTransform("Output", subscriber, policy: .forwards, reflection: .empty) { value, inner in
                defer { index += 1 }
                if index < range.lowerBound { return inner.skip() }
                if index == range.upperBound - 1 { return inner.emitAndFinish(value) }
                return index < range.upperBound ? inner.emit(value) : inner.finish()
            }
        }
    }
}

#endif
