import FeatureHostCore
import Foundation

/// A streaming response (Server-Sent Events): bytes go out as they are written, until either side closes.
///
/// Thread-safe: `write` and `close` may be called from any thread. A write sends at once from the caller's thread
/// when nothing is queued before it (the loop says so, `allowDirectWrites`): a patch then costs one `send`, not a
/// hand-over that wakes the I/O thread (issue 37). Otherwise, and for what the socket does not take, the bytes go
/// to the I/O loop, in order behind what it holds.
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
        /// The socket, while the loop holds nothing for it and nothing is on the way: a write may send straight
        /// to it, under this lock, which the loop also takes before it queues for or closes the socket.
        var directSocket: Int32?
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
        let outcome: WriteOutcome = state.withLock { state in
            if state.closed { return .closed }
            var rest = bytes[...]
            if let socket = state.directSocket {
                if case .transferred(let sent) = Socket.write(socket, rest) { rest = rest.dropFirst(sent) }
                if rest.isEmpty { return .sent }
                // The socket is full (or failed: the loop's poll finds out): the rest waits in order with the loop.
                state.directSocket = nil
            }
            state.pendingBytes += rest.count
            return state.pendingBytes > maxQueuedBytes ? .overflowing : .post(Array(rest))
        }
        switch outcome {
        case .sent: return true
        case .closed: return false
        case .overflowing:
            mailbox.post(.abort(connection: connectionID))
            finish()
            return false
        case .post(let rest):
            guard mailbox.post(.streamWrite(connection: connectionID, bytes: rest, stream: self)) else {
                finish()
                return false
            }
            return true
        }
    }

    private enum WriteOutcome {
        case sent, closed, overflowing
        case post([UInt8])
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

    /// The loop moved `count` written bytes into the connection's own queue: writes queue behind them until
    /// the loop has sent them and allows direct writes again.
    func taken(_ count: Int) {
        state.withLock { state in
            state.pendingBytes -= count
            state.directSocket = nil
        }
    }

    /// The loop holds nothing for `socket`: a write with nothing on the way may send straight to it.
    func allowDirectWrites(to socket: Int32) {
        state.withLock { state in
            if state.pendingBytes == 0, !state.closed { state.directSocket = socket }
        }
    }

    /// The loop is about to close the socket: from now on no write touches it (one under way has ended).
    func revokeDirectWrites() {
        state.withLock { $0.directSocket = nil }
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
