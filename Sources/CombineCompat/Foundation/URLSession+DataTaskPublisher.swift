#if !canImport(Darwin) && canImport(FoundationNetworking)

import Foundation
import FoundationNetworking
import RehearsalBase

extension URLSession {
    /// Returns a publisher that wraps a URL session data task for a given URL.
    ///
    /// On Linux, `URLSession` lives in FoundationNetworking, which the package's `Combine` module re-exports: a file
    /// that says `import Combine` names it as on iOS (with `import CombineCompat` alone, import FoundationNetworking).
    ///
    ///     cancellable = URLSession.shared.dataTaskPublisher(for: url)
    ///         .map(\.data)
    ///         .decode(type: [Contributor].self, decoder: JSONDecoder())
    ///         .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    ///
    /// - Parameter url: The URL for which to create a data task.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Returns a publisher that wraps a URL session data task for a given URL request.
    ///
    ///     cancellable = URLSession.shared.dataTaskPublisher(for: URLRequest(url: url))
    ///         .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.response) })
    ///
    /// - Parameter request: The URL request for which to create a data task.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A publisher that delivers the results of performing a URL session data task.
    ///
    /// The task starts at the subscriber's first demand (each later request resumes it again, as Combine's does)
    /// and delivers one `(data, response)` pair then `finished`, or fails with the task's `URLError`
    /// (`URLError(.unknown)` when there is no response or the error is another kind), on the session's delegate
    /// queue. Cancelling cancels the task. Network
    /// work runs on real time, outside the virtual timeline: in a scenario, mock the repository instead.
    public struct DataTaskPublisher: CombineCompat.Publisher {
        /// The kind of values published by this publisher: the data and the response.
        public typealias Output = (data: Data, response: URLResponse)
        /// The kind of errors this publisher might publish.
        public typealias Failure = URLError

        /// The URL request performed by the data task associated with this publisher.
        public let request: URLRequest
        /// The URL session that performs the data task associated with this publisher.
        public let session: URLSession

        /// Creates a data task publisher from the provided URL request and URL session.
        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        /// Attaches a subscriber; the data task starts at its first demand.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == URLError {
            subscriber.receive(
                subscription: _DataTaskSubscription(
                    request: request, session: session, downstream: AnySubscriber(subscriber))
            )
        }
    }
}

/// Runs one data task, made at the first demand, and delivers its outcome once.
///
/// As Combine's (the OpenCombine suite, whose compatibility mode runs against Apple's Combine: URLSessionTests):
/// every request resumes the task (the first one makes it); `request(.none)` traps; a response delivers the data
/// (empty when there is none) and finishes; a `URLError` fails with it; anything else (no response, or another
/// error) fails with `URLError(.unknown)`; cancelling cancels the task, and nothing is delivered afterwards.
private final class _DataTaskSubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    private let lock = _Lock()
    private let request: URLRequest
    private let session: URLSession
    private var downstream: AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>?
    private var task: URLSessionDataTask?
    private var demand = Subscribers.Demand.none

    init(
        request: URLRequest,
        session: URLSession,
        downstream: AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>
    ) {
        self.request = request
        self.session = session
        self.downstream = downstream
    }

    var description: String { "DataTaskPublisher" }
    var playgroundDescription: Any { description }
    /// The task, the subscriber, the publisher and the demand, as Combine's shows them
    /// (URLSessionTests.testURLSessionSubscriptionReflection).
    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        let parent = URLSession.DataTaskPublisher(request: request, session: session)
        return Mirror(
            self,
            children: [
                "task": task as Any, "downstream": downstream as Any, "parent": Optional(parent) as Any,
                "demand": demand,
            ])
    }

    func request(_ more: Subscribers.Demand) {
        _APIViolation.checkRequested(more)
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        if let task {
            lock.unlock()
            task.resume()
            return
        }
        let newTask = session.dataTask(with: request) { [weak self] data, response, error in
            self?.complete(data: data, response: response, error: error)
        }
        task = newTask
        lock.unlock()
        newTask.resume()
    }

    private func complete(data: Data?, response: URLResponse?, error: Error?) {
        let subscriber = lock.withLock { () -> AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>? in
            defer { downstream = nil }
            return downstream
        }
        guard let subscriber else { return }
        if let error {
            subscriber.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
        } else if let response {
            _ = subscriber.receive((data ?? Data(), response))
            subscriber.receive(completion: .finished)
        } else {
            subscriber.receive(completion: .failure(URLError(.unknown)))
        }
    }

    func cancel() {
        let (running, released) = lock.withLock {
            () -> (URLSessionDataTask?, AnySubscriber<URLSession.DataTaskPublisher.Output, URLError>?) in
            defer {
                task = nil
                downstream = nil
            }
            return (task, downstream)
        }
        running?.cancel()
        withExtendedLifetime(released) {}
    }
}

#endif
