import FeatureHostCore
import Foundation

/// A streaming response (Server-Sent Events): bytes go out as they are written, until either side closes.
///
/// Thread-safe: `write` and `close` may be called from any thread; they hand the bytes to the I/O loop.
/// `onClose` handlers run once, on the thread that saw the end: the loop's (the peer went away, the server
/// stopped, the queue overflowed) or the caller's of `close()`/`write`.
public final class HTTPStream: Sendable {
    let connectionID: UInt64
    private let mailbox: LoopMailbox
    private let maxQueuedBytes: Int
    private struct State {
        var closed = false
        var closeHandlers: [@Sendable () -> Void] = []
        /// Bytes written but not yet taken by the loop; with the loop's own queue, bounded by `maxQueuedBytes`.
        var pendingBytes = 0
    }
    private let state = Locked(State())

    init(connectionID: UInt64, mailbox: LoopMailbox, maxQueuedBytes: Int) {
        self.connectionID = connectionID
        self.mailbox = mailbox
        self.maxQueuedBytes = maxQueuedBytes
    }

    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues `bytes`; false once the stream is closed. A reader that falls more than the server's
    /// `maxQueuedBytesPerConnection` behind has its stream closed rather than the queue grown.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let overflowing: Bool? = state.withLock { state in
            if state.closed { return nil }
            state.pendingBytes += bytes.count
            return state.pendingBytes > maxQueuedBytes
        }
        guard let overflowing else { return false }
        if overflowing {
            mailbox.post(.abort(connection: connectionID))
            finish()
            return false
        }
        guard mailbox.post(.streamWrite(connection: connectionID, bytes: bytes, stream: self)) else {
            finish()
            return false
        }
        return true
    }

    /// Sends what is queued, then closes the connection. Idempotent.
    public func close() {
        if finish() { mailbox.post(.streamClose(connection: connectionID)) }
    }

    /// `handler` runs once when the stream ends, for whatever reason; at once if it already has.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let closed: Bool = state.withLock { state in
            if state.closed { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if closed { handler() }
    }

    /// The loop moved `count` written bytes into the connection's own queue.
    func taken(_ count: Int) {
        state.withLock { $0.pendingBytes -= count }
    }

    /// Marks the stream closed and runs the handlers; false when it already was.
    @discardableResult
    func finish() -> Bool {
        let handlers: [@Sendable () -> Void]? = state.withLock { state in
            guard !state.closed else { return nil }
            state.closed = true
            defer { state.closeHandlers = [] }
            return state.closeHandlers
        }
        guard let handlers else { return false }
        for handler in handlers { handler() }
        return true
    }
}
