/// What a terminal driver reports to the shell.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    /// The window has a new size; the next frame is drawn in full.
    case resize(Size)
    /// The user pressed Ctrl-Z (or the process got SIGTSTP): the terminal is restored, and the process stops
    /// once the shell calls `LiveTerminal.suspendApplied()` (or after a short grace).
    case suspend
    /// The process continues after a suspend; raw mode is back and the next frame is drawn in full.
    case resume
    /// SIGTERM, SIGINT or SIGHUP, or input closed: the terminal is already restored; the shell should exit.
    case terminate
}
