import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C and SIGTERM, caught from the moment this is made (a `SignalPipe`), so `serve` can close every session's
/// presenters and exit 0 rather than die mid-write; `wait()` reads the signal on a thread of its own. SIGHUP is not
/// a shutdown: it asks for the config to be read again (`ReloadSignal`).
final class ShutdownSignal: Sendable {
    static let watched: [Int32] = [SIGINT, SIGTERM]

    private let pipe: SignalPipe

    init() throws { pipe = try SignalPipe(catching: Self.watched, named: "shutdown") }

    /// Shuts down as a signal would, with `signalNumber` as the one `wait()` returns (the terminal hung up).
    func request(as signalNumber: Int32) { pipe.send(signalNumber) }

    /// Returns the first signal that arrived, at once if one already has.
    func wait() async -> Int32 {
        let readEnd = pipe.readEnd
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
