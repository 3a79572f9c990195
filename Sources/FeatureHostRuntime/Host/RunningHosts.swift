import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which `run` and `serve` processes are running on a data directory, so `reload` can signal them: each keeps
/// `<data dir>/run/<pid>.host` (`RunningHostRecord`) while it runs. The folder is untrusted input like the rest
/// of the data directory: a file is read only if it is a small regular file, and believed only if its pid is
/// alive with the recorded start time and the program name of this one (so a pid the system gave to another
/// process since, or a forged file naming one, is never signalled). Files found stale are removed.
public enum RunningHosts {
    /// A host found running.
    public struct Host: Sendable, Equatable {
        public var pid: pid_t
        /// `run` or `serve`.
        public var command: String
    }

    /// A file larger than this is not one of ours.
    static let fileLimit = 4096
    /// The most `.host` files one look reads: a folder filled by another program costs a bounded time.
    static let entryLimit = 256

    static func folder(_ dataDirectory: URL) -> URL { dataDirectory.appendingPathComponent("run", isDirectory: true) }

    /// Records this process as running `command` with `config` (nil: the built-in default) on `dataDirectory`.
    /// Throws when the file cannot be written (a read-only data directory): the host runs on, but `reload`
    /// cannot find it.
    public static func register(dataDirectory: URL, config: URL?, command: String = "run") throws -> Registration {
        guard let stat = ProcessStat.current else {
            throw RunningHostsError("cannot read this process's start time from /proc/self/stat")
        }
        let folder = folder(dataDirectory)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RunningHostsError("cannot make \(folder.path): \(error.localizedDescription)")
        }
        let record = RunningHostRecord(startTime: stat.startTime, command: command, configPath: config.map(canonicalPath))
        let pid = getpid()
        let file = folder.appendingPathComponent("\(pid).host")
        // Written whole under a temporary name, then renamed: a reader never sees half a file.
        let temporary = folder.appendingPathComponent(".\(pid).host.tmp")
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw RunningHostsError("cannot write \(temporary.path): \(lastError())") }
        let bytes = Array(record.text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary.path, file.path) == 0 else {
            let reason = lastError()
            unlink(temporary.path)
            throw RunningHostsError("cannot write \(file.path): \(reason)")
        }
        return Registration(file: file)
    }

    /// The pids of the hosts running with `config` (nil: the built-in default) on `dataDirectory`.
    public static func find(dataDirectory: URL, config: URL?) -> [pid_t] {
        hosts(dataDirectory: dataDirectory, config: config).map(\.pid)
    }

    /// The hosts running with `config` on `dataDirectory`, by pid.
    public static func hosts(dataDirectory: URL, config: URL?) -> [Host] {
        let folder = folder(dataDirectory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let wanted = config.map(canonicalPath)
        let ours = ProcessStat.current?.name
        var found: [Host] = []
        for name in names.filter({ $0.hasSuffix(".host") }).sorted().prefix(entryLimit) {
            guard let pid = pid(fromFileName: name) else { continue }
            let path = folder.appendingPathComponent(name).path
            switch check(path: path, pid: pid, program: ours) {
            case .stale: unlink(path)
            case .notOurs: continue
            case .running(let record):
                guard record.configPath == wanted || sameFile(record.configPath, wanted) else { continue }
                found.append(Host(pid: pid, command: record.command))
            }
        }
        return found.sorted { $0.pid < $1.pid }
    }

    private enum Check {
        case running(RunningHostRecord)
        /// Safe to remove: not a file of ours, or its process is gone.
        case stale
        /// A live process of another user: left alone.
        case notOurs
    }

    private static func check(path: String, pid: pid_t, program: String?) -> Check {
        guard let record = readRecord(path) else { return .stale }
        if kill(pid, 0) != 0 { return errno == ESRCH ? .stale : .notOurs }
        guard let stat = ProcessStat.of(pid), stat.startTime == record.startTime, stat.name == program else { return .stale }
        return .running(record)
    }

    /// The record in `path`, if it is a regular file of at most `fileLimit` bytes that parses. Opened without
    /// following a link and without blocking (a FIFO in its place), then checked on the open descriptor.
    private static func readRecord(_ path: String) -> RunningHostRecord? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= fileLimit else { return nil }
        var bytes = [UInt8](repeating: 0, count: fileLimit + 1)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0, count <= fileLimit else { return nil }
        return RunningHostRecord.parse(String(decoding: bytes[0..<count], as: UTF8.self))
    }

    /// `1234.host` → 1234; nil for any other name.
    static func pid(fromFileName name: String) -> pid_t? {
        let digits = name.dropLast(".host".count)
        guard name.hasSuffix(".host"), !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let pid = pid_t(digits), pid > 1
        else { return nil }
        return pid
    }

    /// The absolute path a config is recorded and compared by: standardized, its links resolved when it exists.
    static func canonicalPath(_ config: URL) -> String {
        config.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Two spellings of one existing file (a link, a bind mount) are one config.
    private static func sameFile(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return false }
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
