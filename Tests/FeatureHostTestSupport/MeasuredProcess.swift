import FeatureHostCore
import FeatureHostTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to completion and reports its peak resident memory, the kernel's own high-water mark for that
/// process, so other processes the test runner starts meanwhile do not count. Output goes to files in
/// `outputDirectory` and is read back once the program has exited.
///
/// On Linux the figure is `VmHWM` from `/proc/<pid>/status`, read every 2 ms until the process exits (and before
/// it is reaped, so the number cannot belong to another process). Not `wait4`'s `ru_maxrss`: `posix_spawn` starts
/// the child in the parent's memory (vfork), and at `exec` the kernel folds the parent's high-water mark into the
/// child's, so a child of a 120 MiB test runner "peaks" at 120 MiB whatever it does. What the 2 ms polling can miss
/// is a peak in the last 2 ms before exit.
package enum MeasuredProcess {
    package struct Outcome: Sendable {
        package var result: ProcessResult
        /// The most memory the process had resident at once, in bytes.
        package var peakResidentBytes: Int
        package var peakResidentMiB: Double { Double(peakResidentBytes) / 1_048_576 }
    }

    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], outputDirectory: URL
    ) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try runBlocking(executable, arguments, environment: environment, outputDirectory: outputDirectory) })
            }
        }
    }

    static func runBlocking(_ executable: URL, _ arguments: [String], environment: [String: String], outputDirectory: URL) throws
        -> Outcome
    {
        let id = UUID().uuidString
        let outFile = outputDirectory.appendingPathComponent("stdout-\(id)")
        let errFile = outputDirectory.appendingPathComponent("stderr-\(id)")
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ServerError("posix_spawn \(executable.path) failed: errno \(spawned)") }
        #if canImport(Glibc)
            let poller = HighWaterPoller(pid: pid)
            // Waits for the exit without reaping, so the poller never reads a recycled pid's file.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            let polled = poller.stop()
        #endif
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ServerError("wait4 failed: errno \(errno)") }
        }
        // Exited: the low 7 bits are 0 and the code is above them; killed: the signal number, as a negative status.
        let signal = status & 0x7F
        let code: Int32 = signal == 0 ? (status >> 8) & 0xFF : -signal
        #if canImport(Glibc)
            let peak = polled
        #else
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
        let output = (try? Data(contentsOf: outFile)) ?? Data()
        let error = (try? Data(contentsOf: errFile)) ?? Data()
        return Outcome(
            result: ProcessResult(
                status: code, standardOutput: String(decoding: output, as: UTF8.self), standardError: String(decoding: error, as: UTF8.self)
            ),
            peakResidentBytes: peak)
    }
}

#if canImport(Glibc)
    /// Reads a process's `VmHWM` every 2 ms on a thread of its own and keeps the largest.
    private final class HighWaterPoller: Sendable {
        private let state = Locked<(stopped: Bool, largest: Int)>((false, 0))
        private let finished = DispatchSemaphore(value: 0)

        init(pid: pid_t) {
            let path = "/proc/\(pid)/status"
            Thread.detachNewThread { [self] in
                while !state.withLock({ $0.stopped }) {
                    if let text = try? String(contentsOfFile: path, encoding: .utf8),
                        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                        let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
                    {
                        state.withLock { $0.largest = max($0.largest, kib * 1024) }
                    }
                    usleep(2000)
                }
                finished.signal()
            }
        }

        /// Stops polling; the largest figure read, in bytes.
        func stop() -> Int {
            state.withLock { $0.stopped = true }
            finished.wait()
            return state.withLock { $0.largest }
        }
    }
#endif
