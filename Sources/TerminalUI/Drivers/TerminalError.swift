/// Why the live terminal could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped or redirected).
    case notATerminal(fileDescriptor: Int32)
    /// A terminal call failed with `errno`.
    case systemCall(name: String, errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let fd):
            "File descriptor \(fd) is not a terminal: run the shell in a terminal, or use its `snapshot` command."
        case .systemCall(let name, let errno):
            "\(name) failed with errno \(errno)."
        }
    }
}
