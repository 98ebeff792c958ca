import CombineCompat

extension Mutant {
    /// What a scenario could send to notice this mutant: one hint, starting with a verb.
    public var observationHint: String {
        switch (point.operator, change) {
        case (.removeDuplicates, _):
            "send two equal values in a row, further apart than a debounce or throttle before it, "
                + "and check that the second one is dropped"
        case (.debounce, _):
            "send two values closer together than the debounce interval, and check when the one value comes out"
        case (.throttle, _): "send several values within one throttle interval and check which come out, and when"
        case (.delay, _): "check the virtual time at which the delayed value arrives"
        case (.timeout, _): "script a response slower than the timeout (and one faster) and check both endings"
        case (.taskSleep, _):
            "check the virtual time of what follows the sleep, or send an input before the sleep ends and check "
                + "what it sees"
        case (.filter, .dropAll): "send a value the filter keeps and check that it comes out"
        case (.filter, _): "send a value the filter rejects and check that nothing comes out"
        case (.compactMap, _): "send a value the transform keeps and check that it comes out"
        case (.dropFirst, _): "check the first value that comes out, which the operator drops"
        case (.first, _): "send a second value after the first and check that it is not emitted"
        case (.firstWhere, _):
            "send a value the predicate rejects before one it accepts and check that only the accepted one comes out"
        case (.prefix, _): "send more values than the prefix keeps and check that the extra ones are not emitted"
        case (.switchToLatest, _):
            "send a second value while the first one's request is still running (script a slow response) and "
                + "check that the stale answer is ignored"
        case (.flatMap, _):
            "send a second value while the first one's request is still running (script a slow response) and "
                + "check that both answers arrive"
        case (.receiveOn, _): "check the order of outputs against other work in the same instant"
        case (.share, _): "subscribe twice (two outputs of one request) and check how many repository calls are made"
        case (.retry, _): "script a failure followed by a success and check that the retry succeeds"
        case (.replaceError, _): "script a failure and check that the replacement value comes out"
        case (.catch, _):
            "script a failure and check what the replacement publisher sends (a fallback value, an error output)"
        case (.mockFailure, _):
            "check what the ViewModel shows for this failure (an error output, a loading flag that ends)"
        case (.mapBool, _): "check the Bool output in a case where it is true and one where it is false"
        case (.combineLatest, _):
            "change one input twice before the other changes and check that each change emits the latest pair"
        }
    }
}
