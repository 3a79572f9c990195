import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the self-pipe. A C signal handler can reach nothing but globals; it is set once, before
/// any handler is installed, and only read after.
nonisolated(unsafe) private var shutdownPipeWriteEnd: Int32 = -1

/// Ctrl-C and SIGTERM, caught from the moment this is made, so `serve` can close every session's
/// presenters and exit 0 rather than die mid-write. A `sigaction` handler is installed at once (a dispatch
/// signal source registers later, on its own queue, and a signal sent right after the URL was printed was
/// lost or killed the process); it only writes the signal's number to a pipe, the one thing a handler may
/// safely do, and `wait()` reads it on a thread of its own. SIGHUP is not a shutdown: it asks for the config to
/// be read again (`ReloadSignal`).
final class ShutdownSignal: Sendable {
    static let watched: [Int32] = [SIGINT, SIGTERM]

    private let readEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw UsageError("serve: cannot make the shutdown pipe: \(String(cString: strerror(errno)))")
        }
        readEnd = ends[0]
        shutdownPipeWriteEnd = ends[1]
        for signalNumber in Self.watched {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = Self.handler
            #else
                action.__sigaction_u.__sa_handler = Self.handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(signalNumber, &action, nil)
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(shutdownPipeWriteEnd, &byte, 1)
    }

    /// Shuts down as a signal would, with `signalNumber` as the one `wait()` returns (the terminal hung up).
    func request(as signalNumber: Int32) {
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(shutdownPipeWriteEnd, &byte, 1)
    }

    /// Returns the first signal that arrived, at once if one already has.
    func wait() async -> Int32 {
        let readEnd = readEnd
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) != 1 {
                    guard errno == EINTR else { break }
                }
                continuation.resume(returning: Int32(byte))
            }
            thread.name = "featurehost.serve.signals"
            thread.start()
        }
    }
}
