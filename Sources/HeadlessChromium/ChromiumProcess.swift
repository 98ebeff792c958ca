import CombineCompat
import Foundation
import RehearsalBase

/// A headless Chromium started in a process group of its own, with the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: Chromium reads commands from its file descriptor 3 and writes replies and events to
/// descriptor 4, each message a JSON text followed by a NUL byte).
///
/// ``terminate()`` (also run on deinit) kills the whole group and reaps every process of it, so no Chromium process
/// is left behind on any path: this process becomes a child subreaper (`PR_SET_CHILD_SUBREAPER`), so the browser's
/// own children, orphaned when it dies, are handed to us and reaped too. Chromium also exits by itself when its end
/// of the pipe closes, which covers a test process that dies.
final class ChromiumProcess: @unchecked Sendable {
    /// The browser's process id (also its process group id).
    let pid: pid_t
    /// Where we write commands.
    let commands: Int32
    /// Where we read replies and events.
    let replies: Int32
    /// The temporary profile folder, removed on termination.
    let profile: URL
    private let lock = _Lock()
    private var terminated = false

    /// The flags every launch uses: headless, no sandbox (root in CI containers), no GPU, no first-run or
    /// background traffic of the browser's own, a fresh profile.
    static func flags(profile: URL, width: Int, height: Int) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--disable-default-apps", "--mute-audio",
            "--disable-crash-reporter", "--disable-breakpad",
            "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "--remote-debugging-pipe", "about:blank",
        ]
    }

    /// Starts `executable`.
    /// - Throws: ``BrowserError`` when the pipes or the process cannot be made.
    init(executable: String, width: Int, height: Int) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearsal-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw BrowserError("cannot make the DevTools pipes: \(String(cString: strerror(errno)))")
        }
        // Move the child's ends above 4, so that dup2 onto 3 and 4 never meets its own descriptor.
        let childRead = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10)
        let childWrite = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        close(toBrowser[0])
        close(fromBrowser[1])
        _ = fcntl(toBrowser[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromBrowser[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments = [executable] + Self.flags(profile: profile, width: width, height: height)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        Self.becomeSubreaper()
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        close(childRead)
        close(childWrite)
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            try? FileManager.default.removeItem(at: profile)
            throw BrowserError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
    }

    deinit {
        terminate()
    }

    /// `prctl(PR_SET_CHILD_SUBREAPER, 1)`: orphaned descendants are reparented to this process instead of init.
    /// (`prctl` is variadic in C, so Swift reaches it through its address.)
    private static func becomeSubreaper() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(36, 1, 0, 0, 0)  // PR_SET_CHILD_SUBREAPER
    }

    /// Kills the browser's process group, reaps the browser and removes its profile. Safe to call more than once.
    func terminate() {
        let first: Bool = lock.withLock {
            defer { terminated = true }
            return !terminated
        }
        guard first else { return }
        // Chromium's crash handler leaves the group (it starts a session of its own); it is found by the profile
        // folder on its command line (its database lives under $HOME, which is the profile).
        let outsiders = Self.processes(mentioning: profile.path).filter { getpgid($0) != pid }
        kill(-pid, SIGKILL)
        for outsider in outsiders { kill(outsider, SIGKILL) }
        // Reap the browser and every process of its group (those it started are handed to us as it dies), then the
        // crash handlers, handed to us once their parents are gone.
        var status: Int32 = 0
        while true {
            let reaped = waitpid(-pid, &status, 0)
            if reaped > 0 || (reaped < 0 && errno == EINTR) { continue }
            break
        }
        for outsider in outsiders.sorted() {
            while waitpid(outsider, &status, 0) < 0, errno == EINTR {}
        }
        close(commands)
        close(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Writes one protocol message (the JSON text and its NUL).
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw BrowserError("the browser closed its DevTools pipe") }
            offset += written
        }
    }

    /// The processes whose command line contains `text`, from /proc.
    static func processes(mentioning text: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let process = pid_t(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: data, as: UTF8.self).contains(text)
            else { return nil }
            return process
        }
    }

    /// The browser executable to use: `$REHEARSAL_CHROMIUM`, else `chromium` (Debian's package), `chromium-browser`
    /// or `google-chrome` on the `PATH`; `nil` when there is none.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["REHEARSAL_CHROMIUM"], !path.isEmpty { return path }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }
}

/// What went wrong while driving the browser, in words.
package struct BrowserError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    package var description: String

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
