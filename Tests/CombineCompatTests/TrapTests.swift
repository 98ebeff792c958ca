import CombineCompat
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// API misuse and debugging operators that stop the process in Apple's Combine stop it here too, so a scenario that
/// reaches them fails the way the app would. Each runs in a child process (a Swift Testing exit test).
/// Evidence: Apple's documentation of `breakpointOnError()` ("Raises a debugger signal upon receiving a failure"),
/// `assertNoFailure` ("Raises a fatal error when its upstream publisher fails"), the `precondition`s Combine's
/// declarations imply for negative counts, and published compatibility tests run against Apple's Combine showing
/// that a `buffer`'s `customError` closure which sends into the same buffer crashes.
@Suite struct TrapTests {
    @Test func breakpointOnErrorRaisesSIGTRAPOnAFailure() async {
        await #expect(processExitsWith: .signal(SIGTRAP)) {
            let subject = PassthroughSubject<Int, TestError>()
            let cancellable = subject.breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            subject.send(1)
            subject.send(completion: .failure(TestError("boom")))
            withExtendedLifetime(cancellable) {}
        }
    }

    @Test func assertNoFailureStopsTheProcessOnAFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, TestError>(error: TestError("boom")).assertNoFailure("loading").sink { _ in }
        }
    }

    @Test func aBufferWhoseCustomErrorSendsIntoItselfTraps() async {
        await #expect(processExitsWith: .failure) {
            // A subscriber without demand, so that the second value overflows the buffer of one
            let subject = PassthroughSubject<Int, TestError>()
            let buffered = subject.buffer(
                size: 1, prefetch: .byRequest,
                whenFull: .customError {
                    subject.send(99)
                    return TestError("full")
                })
            buffered.subscribe(AnySubscriber<Int, TestError>(receiveSubscription: { _ in }))
            subject.send(1)
            subject.send(2)
        }
    }

    @Test func aNegativeDropFirstOnJustTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Just(1).dropFirst(-1)
        }
    }
}
