extension ScenarioRun {
    /// How far `play` got: whether the steps were played, only to check the file (it has mistakes already), and which
    /// steps were left out (they send to unknown inputs).
    struct PlayState {
        var started = false
        var checkingOnly = false
        var skippedSteps: Set<Int> = []
    }
}

/// A weak reference to the ViewModel, to see whether it outlives the run.
struct LeakProbe {
    private weak var object: AnyObject?
    let typeName: String

    init(_ object: AnyObject? = nil) {
        self.object = object
        typeName = object.map { String(describing: type(of: $0)) } ?? ""
    }

    var isAlive: Bool { object != nil }
}
