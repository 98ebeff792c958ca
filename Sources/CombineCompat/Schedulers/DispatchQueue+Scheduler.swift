#if !canImport(Darwin)

import Dispatch

extension DispatchQueue: Scheduler {
    /// The scheduler time type used by the dispatch queue: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time represented by this type.
        public var dispatchTime: DispatchTime

        /// Creates a dispatch queue time type instance.
        public init(_ time: DispatchTime) { dispatchTime = time }

        /// A type that represents the distance between two values, in nanoseconds (`magnitude`).
        ///
        /// Integer and floating-point literals are seconds: `0.3` is 300 ms.
        public struct Stride: _SchedulerStride, Hashable, Codable, Sendable {
            /// The value of this time interval in nanoseconds.
            public var magnitude: Int

            /// A `DispatchTimeInterval` created with the value of this type in nanoseconds.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            /// Creates a dispatch queue time interval from the given dispatch time interval.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s.multipliedClamped(by: 1_000_000_000)
                case .milliseconds(let ms): magnitude = ms.multipliedClamped(by: 1_000_000)
                case .microseconds(let us): magnitude = us.multipliedClamped(by: 1_000)
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// Creates an interval from its stored nanoseconds.
            public init(_magnitude: Int) { magnitude = _magnitude }

            /// The product of two intervals, in seconds (`2 s * 3 s` is 6 s; nanosecond products round to 0), as
            /// Combine computes it (the OpenCombine suite, whose compatibility mode runs against Apple's Combine:
            /// DispatchQueueSchedulerTests.testStrideMultiplication).
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                let seconds = (Double(lhs.magnitude) / 1e9) * (Double(rhs.magnitude) / 1e9)
                return Stride(_magnitude: Int(saturating: (seconds * 1e9).rounded(.towardZero)))
            }

            private enum CodingKeys: String, CodingKey {
                case nanoseconds = "_nanoseconds"
            }

            /// Decodes `{"_nanoseconds": n}`, Combine's form (DispatchQueueSchedulerTests.testStrideCodable).
            public init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                magnitude = try container.decode(Int.self, forKey: .nanoseconds)
            }

            /// Encodes `{"_nanoseconds": n}`, Combine's form.
            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(magnitude, forKey: .nanoseconds)
            }
        }

        /// Returns the distance to another dispatch queue time, in nanoseconds: `Int.max` when either time lies
        /// beyond `Int.max` nanoseconds of uptime (`DispatchTime.distantFuture` and just before it), as Combine's
        /// (DispatchQueueSchedulerTests.testSchedulerTimeTypeDistance).
        public func distance(to other: SchedulerTimeType) -> Stride {
            let from = dispatchTime.uptimeNanoseconds, to = other.dispatchTime.uptimeNanoseconds
            let limit = UInt64(Int.max)
            if from > limit || to > limit { return Stride(_magnitude: from == to ? 0 : .max) }
            return Stride(_magnitude: Int(to) - Int(from))
        }

        /// Returns a dispatch queue scheduler time calculated by advancing this instance's time by the given
        /// interval: `DispatchTime.distantFuture` beyond `Int.max` nanoseconds of uptime, and no earlier than
        /// uptime 1, as Combine's (DispatchQueueSchedulerTests.testSchedulerTimeTypeAdvanced).
        public func advanced(by n: Stride) -> SchedulerTimeType {
            let uptime = dispatchTime.uptimeNanoseconds
            let step = UInt64(n.magnitude.magnitude)
            let shifted: UInt64
            if n.magnitude >= 0 {
                let (sum, overflow) = uptime.addingReportingOverflow(step)
                shifted = overflow || sum > UInt64(Int.max) ? DispatchTime.distantFuture.uptimeNanoseconds : sum
            } else {
                shifted = uptime > step ? max(uptime - step, 1) : 1
            }
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: shifted))
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }
    }

    /// Options that affect the operation of the dispatch queue scheduler.
    public struct SchedulerOptions {
        /// The dispatch queue quality of service.
        public var qos: DispatchQoS
        /// The dispatch queue work item flags.
        public var flags: DispatchWorkItemFlags
        /// The dispatch group, if any, that should be used for performing actions.
        public var group: DispatchGroup?

        /// Creates dispatch queue scheduler options.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// The current time: `DispatchTime.now()`, or the redirect target's virtual instant (see
    /// ``SchedulerRedirection``) mapped to uptime `virtual + 1 s` while a target is installed.
    public var now: SchedulerTimeType {
        if let target = SchedulerRedirection.current {
            return SchedulerTimeType(_VirtualTimeMapping.dispatchTime(nanoseconds: target.nowNanoseconds))
        }
        return SchedulerTimeType(.now())
    }

    /// The minimum tolerance allowed by the scheduler: zero.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(_magnitude: 0) }

    /// Runs `action` asynchronously on this queue, or at the redirect target's current instant (after the work
    /// already due then) while a redirection is installed; options (QoS, flags, group) only apply to real queues.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if let target = SchedulerRedirection.current {
            target.schedule(action)
            return
        }
        let work = _SendableAction(run: action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.run() }
    }

    /// Runs `action` on this queue at `date` (`asyncAfter`), or at the matching virtual instant while a
    /// redirection is installed. Tolerance is ignored.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if let target = SchedulerRedirection.current {
            target.schedule(atNanoseconds: _VirtualTimeMapping.nanoseconds(date.dispatchTime), action)
            return
        }
        let work = _SendableAction(run: action)
        let group = options?.group
        group?.enter()
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            work.run()
            group?.leave()
        }
    }

    /// Runs `action` on this queue at `date` and then every `interval` (a dispatch timer source), or on the
    /// redirect target's repeating schedule while a redirection is installed. Cancel the result to stop.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        if let target = SchedulerRedirection.current {
            return target.schedule(
                atNanoseconds: _VirtualTimeMapping.nanoseconds(date.dispatchTime),
                everyNanoseconds: _VirtualTimeMapping.interval(nanoseconds: interval.magnitude),
                action
            )
        }
        let work = _SendableAction(run: action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.schedule(
            deadline: date.dispatchTime,
            repeating: .nanoseconds(max(1, interval.magnitude)),
            leeway: .nanoseconds(max(0, tolerance.magnitude))
        )
        timer.setEventHandler { work.run() }
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

#endif
