import Dispatch
import Synchronization
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C, SIGTERM and SIGHUP, caught through dispatch sources (no C handler, no global state) from the
/// moment this is made, so `serve` can close every session's presenters and exit 0 rather than die
/// mid-write. Made before the URL is printed: a script that stops the server at once is still answered.
final class ShutdownSignal: Sendable {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let state = StateBox()
    private let sources: [SourceBox]

    private final class StateBox: Sendable {
        let mutex = Mutex(State())
    }

    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    /// Dispatch sources are thread-safe objects; the box only makes that known to the compiler.
    private struct SourceBox: @unchecked Sendable {
        let source: any DispatchSourceSignal
    }

    init() {
        let queue = DispatchQueue(label: "featurehost.serve.signals")
        sources = Self.watched.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            return SourceBox(source: DispatchSource.makeSignalSource(signal: signalNumber, queue: queue))
        }
        let state = state
        for (signalNumber, box) in zip(Self.watched, sources) {
            box.source.setEventHandler { Self.deliver(signalNumber, to: state) }
            box.source.resume()
        }
    }

    deinit {
        for box in sources { box.source.cancel() }
    }

    /// Returns the first signal that arrived, at once if one already has.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let received = state.mutex.withLock { state -> Int32? in
                if let received = state.received { return received }
                state.waiter = continuation
                return nil
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    private static func deliver(_ signalNumber: Int32, to box: StateBox) {
        let waiter = box.mutex.withLock { state -> CheckedContinuation<Int32, Never>? in
            guard state.received == nil else { return nil }
            state.received = signalNumber
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: signalNumber)
    }
}
