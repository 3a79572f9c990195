import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for Ctrl-C, SIGTERM or SIGHUP through dispatch sources (no C handler, no global state), so `serve`
/// can close every session's presenters and exit 0 rather than die mid-write.
enum ShutdownSignal {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Returns the signal that arrived.
    static func wait() async -> Int32 {
        let queue = DispatchQueue(label: "featurehost.serve.signals")
        let sources = watched.map { signalNumber -> any DispatchSourceSignal in
            signal(signalNumber, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        }
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let resumed = Resumed()
            for (signalNumber, source) in zip(watched, sources) {
                // The handlers run on one serial queue, so the flag needs no lock.
                source.setEventHandler {
                    guard !resumed.value else { return }
                    resumed.value = true
                    continuation.resume(returning: signalNumber)
                }
                source.resume()
            }
        }
        for source in sources { source.cancel() }
        return received
    }

    private final class Resumed: @unchecked Sendable {
        var value = false
    }
}
