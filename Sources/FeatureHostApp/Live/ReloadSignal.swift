import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGHUP, caught for as long as the process lives: read the config again, as nginx does (`featurehost reload`
/// sends it). Without this a SIGHUP would end `serve`, its default action. A `SignalPipe` catches it and a thread of
/// its own hands each to every `reloads` stream.
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
        let readEnd = try SignalPipe(catching: [SIGHUP], named: "reload").readEnd
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
    }
}
