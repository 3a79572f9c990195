import FeatureHostTesting
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

    /// The reported processes as they are now, each with its start time: a test that waits for them to end must not
    /// take another process for one of them (a busy machine's 32,768 pids come round again within minutes).
    package static func reportedProcesses(_ report: URL) -> [ProcessIdentity] { reportedPIDs(report).map(identity) }

    package static func identity(_ pid: pid_t) -> ProcessIdentity { ProcessIdentity(pid: pid, startTime: startTime(pid)) }

    /// Still the same process, running: its pid is alive and not a zombie, and started when it did.
    package static func isRunning(_ process: ProcessIdentity) -> Bool {
        guard isRunning(process.pid) else { return false }
        guard let started = process.startTime else { return true }
        return startTime(process.pid) == started
    }

    /// Field 22 of `/proc/<pid>/stat`: when the process started, in clock ticks since boot; nil where it cannot be read.
    static func startTime(_ pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else {
            return nil
        }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}

/// A process a test watches: its pid, and its start time when it was first seen.
package struct ProcessIdentity: Sendable, Equatable, CustomStringConvertible {
    package let pid: pid_t
    package let startTime: UInt64?

    package var description: String { "\(pid)" }
}
