import CombineCompat

/// What tells how many subscribers `subject` has now, when its implementation can say (CombineCompat's subjects on
/// Linux); `nil` otherwise (Apple's Combine keeps it to itself), in which case no input is reported as unheard.
/// Found once per port: the port asks at every step, and the cast is most of the cost of asking.
func subscriberCounter(of subject: some Subject) -> (() -> Int)? {
    #if !canImport(Darwin)
    guard let counting = subject as? any _SubscriberCounting else { return nil }
    return { counting._subscriberCount }
    #else
    nil
    #endif
}
