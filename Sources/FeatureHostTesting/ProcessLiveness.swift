import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Whether a process a test knows by its pid still runs, and the pids a stub reported (`pid N` lines in its report
/// file, `MisbehavingPluginStub.Behaviour.forkChildren`).
package enum ProcessLiveness {
    /// Alive and not a zombie: an orphan's zombie waits for init, which in a container may be slow to reap it.
    package static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else {
            return true
        }
        let state = stat[stat.index(after: end)...].dropFirst().first
        return state != "Z" && state != "X"
    }

    /// The lines of `report` that start with `kind` and a space, without them; none while it does not exist.
    package static func lines(_ report: URL, _ kind: String) -> [String] {
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix(kind + " ") }.map { String($0.dropFirst(kind.count + 1)) }
    }

    package static func reportedPIDs(_ report: URL) -> [pid_t] { lines(report, "pid").compactMap { pid_t($0) } }
}
