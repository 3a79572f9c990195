import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `/proc/<pid>/stat` says about a process that tells it apart from a later one given the same pid: its
/// program's name (field 2, up to 15 bytes) and its start time (field 22, clock ticks since boot). Linux only;
/// nil elsewhere and for a process that is gone.
struct ProcessStat: Sendable, Equatable {
    var name: String
    var startTime: UInt64

    /// The file is the kernel's, but bounded anyway: a name is at most 16 bytes, the whole line a few hundred.
    static let readLimit = 4096

    static func of(_ pid: pid_t) -> ProcessStat? { read("/proc/\(pid)/stat") }
    static var current: ProcessStat? { read("/proc/self/stat") }

    private static func read(_ path: String) -> ProcessStat? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: readLimit) else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// `pid (name) state ppid …`: the name may hold spaces and parentheses, so the fields are counted from the
    /// last ")"; the start time is the 20th after it (field 22).
    static func parse(_ line: String) -> ProcessStat? {
        guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return nil }
        let name = String(line[line.index(after: open)..<close])
        let fields = line[line.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 20, let startTime = UInt64(fields[19].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return nil
        }
        return ProcessStat(name: name, startTime: startTime)
    }
}
