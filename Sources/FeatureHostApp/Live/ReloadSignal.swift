import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the reload self-pipe. A C signal handler can reach nothing but globals; it is set once,
/// before the handler is installed, and only read after.
nonisolated(unsafe) private var reloadPipeWriteEnd: Int32 = -1

/// SIGHUP, caught for as long as the process lives: read the config again, as nginx does (`featurehost reload`
/// sends it). Without this a SIGHUP would end `serve`, its default action. A `sigaction` handler writes a byte to
/// a pipe (the one thing a handler may safely do) and a thread of its own hands each to every `reloads` stream.
/// Signals are process-wide, so there is one, for the life of the process: `install()` returns it.
final class ReloadSignal: Sendable {
    /// A new stream of the reloads asked for from now on, one element per reload; several SIGHUPs before its
    /// consumer looks give one. Take it before the moment a reload may come (serve: before printing its address).
    var reloads: AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = subscribers.withLock { subscribers in
            defer { subscribers.next += 1 }
            subscribers.continuations[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.onTermination = { [subscribers] _ in
            _ = subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    private let subscribers = Locked(Subscribers())

    private struct Subscribers {
        var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
        var next = 0
    }

    private static let installed = Locked<ReloadSignal?>(nil)

    /// Installs the handler the first time; later calls return the same instance.
    static func install() throws -> ReloadSignal {
        try installed.withLock { installed in
            if let installed { return installed }
            let signal = try ReloadSignal()
            installed = signal
            return signal
        }
    }

    private init() throws {
        var ends: [Int32] = [-1, -1]
        // The write end never blocks the handler: with the pipe full, a reload is already pending.
        guard pipe(&ends) == 0, ends.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }), fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0
        else {
            for end in ends where end >= 0 { close(end) }
            throw UsageError("cannot make the reload pipe: \(String(cString: strerror(errno)))")
        }
        reloadPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let subscribers = subscribers
        let thread = Thread {
            var bytes = [UInt8](repeating: 0, count: 64)
            while true {
                let count = read(readEnd, &bytes, bytes.count)
                if count > 0 {
                    for continuation in subscribers.withLock({ Array($0.continuations.values) }) { continuation.yield() }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        thread.name = "featurehost.reload.signal"
        thread.start()
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = Self.handler
        #else
            action.__sigaction_u.__sa_handler = Self.handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGHUP, &action, nil)
    }

    private static let handler: @convention(c) (Int32) -> Void = { _ in
        // errno is the interrupted code's; the write must not change it.
        let saved = errno
        var byte: UInt8 = 1
        _ = write(reloadPipeWriteEnd, &byte, 1)
        errno = saved
    }
}
