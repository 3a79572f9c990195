import Foundation

/// A streaming response (Server-Sent Events): bytes go out as they are written, until either side closes.
///
/// Thread-safe: `write` and `close` may be called from any thread; they hand the bytes to the I/O loop.
/// `onClose` handlers run once, on the thread that saw the end: the loop's (the peer went away, the server
/// stopped, the queue overflowed) or the caller's of `close()`/`write`.
public final class HTTPStream: @unchecked Sendable {
    let connectionID: UInt64
    private let mailbox: LoopMailbox
    private let maxQueuedBytes: Int
    private let lock = NSLock()
    private var closed = false
    private var closeHandlers: [@Sendable () -> Void] = []
    /// Bytes written but not yet taken by the loop; with the loop's own queue, bounded by `maxQueuedBytes`.
    private var pendingBytes = 0

    init(connectionID: UInt64, mailbox: LoopMailbox, maxQueuedBytes: Int) {
        self.connectionID = connectionID
        self.mailbox = mailbox
        self.maxQueuedBytes = maxQueuedBytes
    }

    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// Queues `bytes`; false once the stream is closed. A reader that falls more than the server's
    /// `maxQueuedBytesPerConnection` behind has its stream closed rather than the queue grown.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        lock.lock()
        if closed {
            lock.unlock()
            return false
        }
        pendingBytes += bytes.count
        let overflowing = pendingBytes > maxQueuedBytes
        lock.unlock()
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
        lock.lock()
        if closed {
            lock.unlock()
            handler()
            return
        }
        closeHandlers.append(handler)
        lock.unlock()
    }

    /// The loop moved `count` written bytes into the connection's own queue.
    func taken(_ count: Int) {
        lock.lock()
        pendingBytes -= count
        lock.unlock()
    }

    /// Marks the stream closed and runs the handlers; false when it already was.
    @discardableResult
    func finish() -> Bool {
        lock.lock()
        guard !closed else {
            lock.unlock()
            return false
        }
        closed = true
        let handlers = closeHandlers
        closeHandlers = []
        lock.unlock()
        for handler in handlers { handler() }
        return true
    }
}
