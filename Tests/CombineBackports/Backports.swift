// Back-ports of Combine API, declared as Combine helper libraries declare them for apps that still support older
// iOS versions: `Publisher.values` as a throwing stream behind `@available(iOS, deprecated: 15.0)` (John Sundell's
// AsyncCompatibilityKit has this shape), and `Future.value` behind `@available(iOS, obsoleted: 15.0)`. On Linux
// those attributes bind nothing, so both sit beside CombineCompat's originals; CombineModuleTests checks that code
// importing both compiles without "ambiguous use" and picks the back-port, as a phone below iOS 15 would.
import Combine
import Foundation

/// How often the back-ports ran, so a test sees which declaration a call resolved to.
public enum BackportUse {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var futureValues = 0

    /// How many times `Future.value` ran the back-port.
    public static var futureValueReads: Int {
        lock.lock()
        defer { lock.unlock() }
        return futureValues
    }

    static func readFutureValue() {
        lock.lock()
        defer { lock.unlock() }
        futureValues += 1
    }
}

@available(iOS, deprecated: 15.0, message: "This extension is only useful when targeting iOS versions earlier than 15")
extension Publisher {
    /// The publisher's elements as a throwing asynchronous stream.
    public var values: AsyncThrowingStream<Output, Error> {
        AsyncThrowingStream { continuation in
            let cancellable = sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: continuation.finish()
                    case .failure(let error): continuation.finish(throwing: error)
                    }
                },
                receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}

extension Future where Failure == Never {
    /// The future's value, awaited.
    @available(iOS, introduced: 13.0, obsoleted: 15.0)
    public var value: Output {
        get async {
            BackportUse.readFutureValue()
            let holder = CancellableHolder()
            return await withCheckedContinuation { continuation in
                holder.cancellable = sink { value in
                    continuation.resume(returning: value)
                    holder.cancellable = nil
                }
            }
        }
    }
}

/// Keeps a subscription alive until its value arrives.
private final class CancellableHolder {
    var cancellable: AnyCancellable?
}
