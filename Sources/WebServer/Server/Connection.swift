/// One client connection's state, owned by the I/O loop's thread.
final class Connection {
    enum Phase {
        /// Reading a request; the deadlines apply.
        case awaitingRequest
        /// The handler has this request; reading stops until it is answered, so pipelined requests wait in order.
        case handling(HTTPServerRequest)
        /// An open stream; further bytes from the client are read and dropped, only so its end is noticed.
        case streaming(HTTPStream)
        /// Sending the last response, then `lingering`.
        case closingAfterFlush(deadline: ContinuousClock.Instant)
        /// Our side is shut; reading and dropping until the client closes or the deadline.
        case lingering(deadline: ContinuousClock.Instant)
    }

    let id: UInt64
    let fd: Int32
    let peer: String
    var parser: HTTPRequestParser
    var phase: Phase = .awaitingRequest
    /// Requests answered so far; the first request's clock starts at the accept.
    var answeredRequests = 0
    /// When the current request's clock started: the accept, or the first byte of a later request.
    var requestStartedAt: ContinuousClock.Instant
    /// When the connection last became idle: the accept or the end of the previous response.
    var idleSince: ContinuousClock.Instant
    /// Whether any byte of the current request has arrived (it then earns a 408 rather than a silent close).
    var requestBegun = false
    /// Whether a request on it was the user's own (`Configuration.isPreferred`): kept over anonymous ones at the cap.
    var preferred = false
    /// Whether the loop has polled it and read what it had at least once since the accept.
    var hadReadPass = false
    private var output = OutputQueue()

    init(id: UInt64, fd: Int32, peer: String, parser: HTTPRequestParser, now: ContinuousClock.Instant) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.parser = parser
        requestStartedAt = now
        idleSince = now
    }

    var queuedByteCount: Int { output.count }

    /// Answers a client has not read yet, past which its next requests are not read: a client that pipelines
    /// requests and never reads cannot make the queue grow (its deadline closes it instead).
    static let readPauseBytes = 64 * 1024

    var mayTakeNextRequest: Bool { queuedByteCount < Self.readPauseBytes }

    var wantsToRead: Bool {
        switch phase {
        case .awaitingRequest: mayTakeNextRequest
        case .streaming, .lingering: true
        case .handling, .closingAfterFlush: false
        }
    }

    var stream: HTTPStream? {
        if case .streaming(let stream) = phase { return stream }
        return nil
    }

    func enqueue(_ bytes: [UInt8]) {
        output.append(bytes)
    }

    /// Queued by reference: a prepared response's bytes are never copied per request.
    func enqueue(_ chunk: ByteChunk) {
        output.append(chunk)
    }

    /// Sends what the socket takes now; false when the connection failed.
    func flush() -> Bool {
        switch output.write(to: fd) {
        case .transferred, .wouldBlock: true
        case .closed, .failed: false
        }
    }
}
