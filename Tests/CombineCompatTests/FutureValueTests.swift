import CombineCompat
import Testing

/// `Future.value`. Evidence: Apple's documentation ("The published value of the future or an error, delivered
/// asynchronously"; `get async` when `Failure` is `Never`, `get async throws` otherwise).
@Suite struct FutureValueTests {
    struct Offline: Error {}

    @Test func awaitsTheFulfilledValue() async {
        let future = Future<Int, Never> { promise in promise(.success(42)) }
        #expect(await future.value == 42)
    }

    @Test func throwsTheFailure() async {
        let future = Future<Int, Offline> { promise in promise(.failure(Offline())) }
        await #expect(throws: Offline.self) { try await future.value }
    }
}
