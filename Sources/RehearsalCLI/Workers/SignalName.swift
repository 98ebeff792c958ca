import Foundation

/// Names of the signals a worker dies of, or that interrupt a run.
enum SignalName {
    /// Each known signal's name and, for those a scenario dies of, what it usually means.
    private static let names: [Int32: (name: String, meaning: String?)] = [
        SIGILL: ("SIGILL", "illegal instruction: fatalError, precondition or force unwrap"),
        SIGTRAP: ("SIGTRAP", "trap: fatalError, precondition or force unwrap"),
        SIGABRT: ("SIGABRT", "abort"),
        SIGSEGV: ("SIGSEGV", "segmentation fault"),
        SIGBUS: ("SIGBUS", "bus error"),
        SIGFPE: ("SIGFPE", "arithmetic error"),
        SIGKILL: ("SIGKILL", "killed"),
        SIGTERM: ("SIGTERM", "terminated"),
        SIGINT: ("SIGINT", "interrupted"),
        SIGHUP: ("SIGHUP", nil),
    ]

    /// `SIGILL (illegal instruction)` for 4; `signal 99` for a number it does not know.
    static func of(_ number: Int32) -> String {
        guard let known = names[number] else { return "signal \(number)" }
        return known.meaning.map { "\(known.name) (\($0))" } ?? known.name
    }

    /// `SIGINT`, `SIGTERM`, `SIGILL`, or `signal 99`.
    static func short(_ number: Int32) -> String {
        names[number]?.name ?? "signal \(number)"
    }
}
