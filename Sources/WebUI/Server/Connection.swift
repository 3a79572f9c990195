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
    private var output: [UInt8] = []
    private var outputStart = 0

    init(id: UInt64, fd: Int32, peer: String, parser: HTTPRequestParser, now: ContinuousClock.Instant) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.parser = parser
        requestStartedAt = now
        idleSince = now
    }

    var queuedByteCount: Int { output.count - outputStart }

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
        // Drop what was sent once it dominates the buffer, so a long stream does not keep its history.
        if outputStart > 0, outputStart >= output.count / 2 {
            output.removeSubrange(0..<outputStart)
            outputStart = 0
        }
        output.append(contentsOf: bytes)
    }

    /// Sends what the socket takes now; false when the connection failed.
    func flush() -> Bool {
        while outputStart < output.count {
            switch Socket.write(fd, output[outputStart...]) {
            case .transferred(let count): outputStart += count
            case .wouldBlock: return true
            case .closed, .failed: return false
            }
        }
        output = []
        outputStart = 0
        return true
    }
}
