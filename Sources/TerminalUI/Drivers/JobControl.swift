import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a process that stops itself (Ctrl-Z) could ever be continued.
///
/// A job-control shell continues a stopped job (`fg`). When the process group has no such shell, POSIX calls it
/// orphaned: no member's parent is in another process group of the same session. The kernel then discards a
/// SIGTSTP with the default action, so a host that gave the terminal back and raised one would keep running
/// with a blank screen. That is the case when the host is a terminal's, tmux's or ssh's own command
/// (`tmux new 'featurehost'`, `xterm -e featurehost`, `ssh host featurehost`: a session leader whose parent is
/// in another session), under a shell without job control (`bash -c`), or when its shell has gone.
enum JobControl {
    /// What the check needs to know of one process.
    struct Process: Equatable, Sendable {
        var parent: Int32
        var group: Int32
        var session: Int32
    }

    /// True when the process group of `pid` is not orphaned: walking up from `pid` through the ancestors in
    /// its own group, the first ancestor outside the group is in the same session (a job-control shell). An
    /// ancestor that cannot be looked up (gone, or no way to ask) counts as no shell.
    static func canBeResumed(_ pid: Int32, lookUp: (Int32) -> Process?) -> Bool {
        guard let me = lookUp(pid) else { return false }
        var current = me
        // Bounded: a cycle in a damaged process table must not hang Ctrl-Z.
        for _ in 0..<64 {
            guard current.parent > 0, let parent = lookUp(current.parent) else { return false }
            if parent.group != me.group { return parent.session == me.session }
            current = parent
        }
        return false
    }

    /// The check for this process, from the live process table.
    @Sendable static func canThisProcessBeResumed() -> Bool {
        canBeResumed(getpid(), lookUp: lookUp)
    }

    /// True unless the terminal has another foreground job than this process's group (after `bg`). A terminal that
    /// cannot say (not a terminal, no controlling terminal) counts as ours, as before.
    static func isForeground(of terminal: Int32) -> Bool {
        let foreground = tcgetpgrp(terminal)
        return foreground <= 0 || foreground == getpgrp()
    }

    private static func lookUp(_ pid: Int32) -> Process? {
        let group = getpgid(pid)
        let session = getsid(pid)
        guard group > 0, session > 0, let parent = parent(of: pid) else { return nil }
        return Process(parent: parent, group: group, session: session)
    }

    private static func parent(of pid: Int32) -> Int32? {
        if pid == getpid() { return getppid() }
        #if os(Linux)
            // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so read after the last `)`.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 ? Int32(fields[1]) : nil
        #else
            // No /proc: only this process's own parent is known; an ancestor further up counts as no shell.
            return nil
        #endif
    }
}
