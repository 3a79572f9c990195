#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// How a signal that ended a plugin is named in its panel.
public enum PluginSignal {
    /// The signal's name and what it usually means.
    public static func describe(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV (a bad memory access, such as a NULL dereference)"
        case SIGBUS: return "SIGBUS (a bad memory access)"
        case SIGABRT: return "SIGABRT (it called abort, or an assertion failed)"
        case SIGILL: return "SIGILL (an illegal instruction; a Swift runtime trap on x86-64)"
        case SIGTRAP: return "SIGTRAP (a trap; a Swift runtime trap on arm64)"
        case SIGFPE: return "SIGFPE (an arithmetic fault, such as an integer division by zero)"
        case SIGKILL: return "SIGKILL (killed from outside, or by the kernel when memory ran out)"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}
