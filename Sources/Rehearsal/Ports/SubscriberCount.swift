import CombineCompat

/// How many subscribers `subject` has now, when its implementation can say (CombineCompat's subjects on Linux);
/// `nil` otherwise (Apple's Combine keeps it to itself), in which case no input is reported as unheard.
func subscriberCount(of subject: some Subject) -> Int? {
    #if !canImport(Darwin)
    (subject as? any _SubscriberCounting)?._subscriberCount
    #else
    nil
    #endif
}
