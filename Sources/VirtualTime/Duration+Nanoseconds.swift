extension Duration {
    /// Signed whole nanoseconds (rounded towards zero), saturating at the `Int64` range: the one integer form of
    /// time on the virtual timeline (see `ScenarioDuration`).
    var saturatingNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowSum { return seconds < 0 ? .min : .max }
        return sum
    }
}

extension Int64 {
    /// The sum, saturating at the `Int64` range.
    func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        if !overflow { return sum }
        return other < 0 ? .min : .max
    }
}
