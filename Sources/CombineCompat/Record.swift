#if !canImport(Darwin)

/// A publisher that allows for recording a series of inputs and a completion, for later playback to each
/// subscriber (values as demand allows, then the completion).
///
/// ```swift
/// let replay = Record<Int, Never> { recording in
///     recording.receive(1)
///     recording.receive(2)
///     recording.receive(completion: .finished)
/// }
/// ```
public struct Record<Output, Failure: Error>: Publisher {
    /// The recorded output and completion.
    public let recording: Recording

    /// Creates a publisher to interactively record a series of outputs and a completion.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Creates a record publisher from an existing recording.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Creates a record publisher to publish the provided elements, followed by the provided completion.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// Attaches a subscriber; it receives the recorded outputs as it demands them, then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        _SequenceSubscription.start(recording.output, completion: recording.completion, for: subscriber, kind: .record)
    }

    /// A recorded sequence of outputs, followed by a completion value.
    public struct Recording {
        /// The output which will be sent to a subscriber.
        public private(set) var output: [Output] = []

        /// The completion which will be sent to a subscriber; `.finished` until another one is recorded.
        public private(set) var completion: Subscribers.Completion<Failure> = .finished

        private var isCompleted = false

        /// Creates an empty recording, to be filled with `receive(_:)` and `receive(completion:)`.
        public init() {}

        /// Creates a completed recording with the given output and completion.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isCompleted = true
        }

        /// Adds an output to the recording. Recording after the completion is a programming error.
        public mutating func receive(_ input: Output) {
            precondition(!isCompleted, "A recording cannot receive input after it has been completed.")
            output.append(input)
        }

        /// Adds a completion to the recording. Completing twice is a programming error.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isCompleted, "A recording cannot be completed more than once.")
            self.completion = completion
            isCompleted = true
        }
    }
}

#endif
