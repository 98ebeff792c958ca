import CVirtualTime

/// The hashing seed of this process, set from the environment before any Swift code runs (see
/// `Sources/CVirtualTime/hashing.c` for the verified facts): Swift gives every process a new random seed, so a
/// ViewModel that builds a list from a `Set` or a `Dictionary` (`Dictionary(grouping:)`, then `map`) shows it in
/// another order on every launch. Worker processes play scenarios with a known seed and confirm a recording with
/// another, so such a timeline is caught as not reproducible instead of recorded.
///
/// ```swift
/// environment[HashingSeed.variable] = String(HashingSeed.play)   // a worker's plays
/// HashingSeed.current                                             // 1 in that worker, nil where nothing set it
/// ```
public enum HashingSeed {
    /// The environment variable read at start-up: a decimal number.
    public static let variable = VT_HASH_SEED_VARIABLE

    /// The seed workers play scenarios with.
    public static let play: UInt64 = 1

    /// The seed this process hashes with, when the environment set it; `nil` for the runtime's own random seed.
    public static var current: UInt64? {
        var seed: UInt64 = 0
        return vt_hash_seed(&seed) == 1 ? seed : nil
    }

    /// Another seed than this process's, for a confirming play in a second process.
    public static var other: UInt64 { (current ?? play) &+ 1 }
}
