#if !canImport(Darwin)

extension Publisher where Output: Encodable {
    /// Encodes the output from upstream using a specified encoder.
    ///
    /// Each value is encoded as it arrives; demand passes straight through. If encoding throws, upstream is
    /// cancelled and the publisher fails with the thrown error.
    ///
    ///     struct Article: Codable { let title: String }
    ///     cancellable = PassthroughSubject<Article, Never>()
    ///         .encode(encoder: JSONEncoder())
    ///         .sink(receiveCompletion: { print($0) }, receiveValue: { print(String(decoding: $0, as: UTF8.self)) })
    ///     // sending Article(title: "Combine") prints: {"title":"Combine"}
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publisher {
    /// Decodes the output from the upstream using a specified decoder.
    ///
    /// Each value is decoded as it arrives; demand passes straight through. If decoding throws, upstream is
    /// cancelled and the publisher fails with the thrown error (a `DecodingError`).
    ///
    ///     cancellable = Just(Data(#"{"title":"Combine"}"#.utf8))
    ///         .decode(type: Article.self, decoder: JSONDecoder())
    ///         .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.title) })
    ///     // Prints: Combine, then finished
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type,
        decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Coder.Input == Output {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publishers {
    /// A publisher that encodes every upstream element with a `TopLevelEncoder`.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        /// The kind of values published by this publisher: the encoder's output.
        public typealias Output = Coder.Output
        /// The kind of errors this publisher might publish: upstream's failure or an encoding error.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        private let encoder: Coder

        /// Creates a publisher that encodes elements received from an upstream publisher, using `encoder`.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            upstream._subscribeTryTransform(
                "Encode", subscriber, policy: .forwards,
                reflection: .state { [("finished", $0.isTerminal), ("upstreamSubscription", $0.upstream as Any)] }
            ) { value, inner in
                do { return inner.emit(try encoder.encode(value)) } catch { return inner.fail(error) }
            }
        }
    }

    /// A publisher that decodes every upstream element with a `TopLevelDecoder`.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        /// The kind of errors this publisher might publish: upstream's failure or a decoding error.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        private let decoder: Coder

        /// Creates a publisher that decodes elements received from an upstream publisher, using `decoder`.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            upstream._subscribeTryTransform(
                "Decode", subscriber, policy: .forwards,
                reflection: .state { [("finished", $0.isTerminal), ("upstreamSubscription", $0.upstream as Any)] }
            ) { value, inner in
                do { return inner.emit(try decoder.decode(Output.self, from: value)) } catch {
                    return inner.fail(error)
                }
            }
        }
    }
}

#endif
