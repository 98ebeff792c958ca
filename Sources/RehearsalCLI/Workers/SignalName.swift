import Foundation

/// Names of the signals a worker dies of, or that interrupt a run.
enum SignalName {
    /// `SIGILL (illegal instruction)` for 4; `signal 99` for a number it does not know.
    static func of(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGILL: "SIGILL (illegal instruction: fatalError, precondition or force unwrap)",
            SIGTRAP: "SIGTRAP (trap: fatalError, precondition or force unwrap)",
            SIGABRT: "SIGABRT (abort)",
            SIGSEGV: "SIGSEGV (segmentation fault)",
            SIGBUS: "SIGBUS (bus error)",
            SIGFPE: "SIGFPE (arithmetic error)",
            SIGKILL: "SIGKILL (killed)",
            SIGTERM: "SIGTERM (terminated)",
            SIGINT: "SIGINT (interrupted)",
        ]
        return names[number] ?? "signal \(number)"
    }

    /// `SIGINT`, `SIGTERM`, or `signal 99`.
    static func short(_ number: Int32) -> String {
        let names: [Int32: String] = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGKILL: "SIGKILL"]
        return names[number] ?? "signal \(number)"
    }
}
