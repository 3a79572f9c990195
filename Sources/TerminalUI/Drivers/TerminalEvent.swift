/// What a terminal driver reports to the shell.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    /// The window has a new size; the next frame is drawn in full.
    case resize(Size)
    /// The user pressed Ctrl-Z (or the process got SIGTSTP): the terminal is restored, and the process stops
    /// once the shell calls `LiveTerminal.suspendApplied()` (or after a short grace).
    case suspend
    /// Ctrl-Z (or SIGTSTP) came where no shell could continue the process once stopped (`JobControl`): nothing
    /// was given back or stopped, the process runs on, and the shell should say that suspending is not available.
    case suspendUnavailable
    /// The process continues after a suspend; raw mode is back and the next frame is drawn in full.
    case resume
    /// SIGHUP: reread the config, as nginx does; a real hang-up also closes input, which still ends the shell
    /// (`terminate`). The terminal stays as it is.
    case reload
    /// SIGTERM or SIGINT, or input closed: the terminal is already restored; the shell should exit.
    case terminate
}
