#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one I/O thread: a `poll(2)` loop over the listeners, every connection and the wake-up pipe.
/// Every connection's state lives here and is touched only on this thread; other threads post `LoopWork`.
final class EventLoop: @unchecked Sendable {
    // @unchecked: after `run()` starts, only the loop's thread touches the state below (here and in the
    // EventLoop+Answers and EventLoop+Deadlines extensions, which is why some of it is not private).
    typealias Handler = @Sendable (HTTPServerRequest, HTTPResponder) -> Void

    let configuration: HTTPServer.Configuration
    private let listeners: [Int32]
    let mailbox: LoopMailbox
    private let handler: Handler
    /// For the two bounds on real waiting (the accept pause, the stop's flush); the deadlines use `now()`.
    let clock = ContinuousClock()
    var connections: [UInt64: Connection] = [:]
    private var nextConnectionID: UInt64 = 1
    /// Set when accept ran out of descriptors: the listeners are left out of the poll until then, so a full
    /// table does not turn the loop into a busy spin.
    private var acceptPausedUntil: ContinuousClock.Instant?
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Asked first for every complete request: an answer prepared in advance is written here and now, on this
    /// thread, and the handler never sees the request (`HTTPServer.answerImmediately`).
    var immediateAnswer: HTTPServer.ImmediateAnswer?
    /// Set while `parse` runs its loop, so an answer's flush does not parse the next pipelined request from
    /// within (the loop takes it).
    private var parsing = false
    /// The `Date` line, formatted once a second.
    var httpDate: HTTPDate

    init(configuration: HTTPServer.Configuration, listeners: [Int32], mailbox: LoopMailbox, handler: @escaping Handler) {
        self.configuration = configuration
        self.listeners = listeners
        self.mailbox = mailbox
        self.handler = handler
        httpDate = HTTPDate(now: configuration.wallClock)
    }

    func run() {
        mailbox.loopStarted()
        while true {
            let (work, stop) = mailbox.take()
            if stop {
                // A stream the handler opened whose head never went out still hears its end.
                for case .openStream(_, _, _, let stream) in work { stream.finish() }
                flushBeforeStopping(work)
                break
            }
            for item in work { perform(item) }
            pollOnce()
            expireDeadlines()
        }
        for connection in Array(connections.values) { closeConnection(connection) }
        for listener in listeners { close(listener) }
        mailbox.loopEnded()
    }

    // MARK: polling

    /// The deadlines' time: the configuration's clock.
    func now() -> ContinuousClock.Instant { configuration.clock.now() }

    private func pollOnce() {
        if let until = acceptPausedUntil, until <= clock.now { acceptPausedUntil = nil }
        var descriptors = [pollfd(fd: mailbox.wakeUpDescriptor, events: Int16(POLLIN), revents: 0)]
        if acceptPausedUntil == nil {
            for listener in listeners { descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
        }
        let firstConnection = descriptors.count
        let polled = Array(connections.values)
        for connection in polled {
            var events: Int16 = 0
            if connection.wantsToRead { events |= Int16(POLLIN) }
            if connection.queuedByteCount > 0 { events |= Int16(POLLOUT) }
            descriptors.append(pollfd(fd: connection.fd, events: events, revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds())
        guard ready > 0 else {
            for connection in polled { connection.hadReadPass = true }
            return
        }
        for (index, connection) in polled.enumerated() {
            let revents = Int32(descriptors[firstConnection + index].revents)
            guard revents != 0, connections[connection.id] != nil else { continue }
            if revents & Int32(POLLNVAL) != 0 {
                closeConnection(connection)  // Cannot happen while we own the descriptor; never spin on it.
                continue
            }
            if revents & Int32(POLLOUT) != 0 {
                guard connection.flush() else {
                    closeConnection(connection)
                    continue
                }
                afterFlush(connection)
            }
            if revents & Int32(POLLIN | POLLHUP | POLLERR) != 0, connections[connection.id] != nil {
                if connection.wantsToRead {
                    readFrom(connection)
                } else if revents & Int32(POLLHUP | POLLERR) != 0 {
                    // Gone while its request is with the handler: the answer will find no connection.
                    closeConnection(connection)
                }
            }
        }
        // Connections are read before new ones are accepted, so a request that has arrived makes its connection
        // preferred before a flood in the backlog looks for places, and one not read yet is not taken
        // (`EventLoop+Eviction`).
        for connection in polled { connection.hadReadPass = true }
        for position in 1..<firstConnection where descriptors[position].revents != 0 {
            acceptConnections(from: descriptors[position].fd)
        }
    }

    /// Until the nearest deadline or the end of an accept pause; at most a second, which bounds any clock drift.
    private func timeoutMilliseconds() -> Int32 {
        let now = self.now()
        var nearest = now + .seconds(1)
        for connection in connections.values {
            if let deadline = deadline(of: connection) { nearest = min(nearest, deadline.at) }
        }
        var wait = now.duration(to: nearest)
        if let until = acceptPausedUntil { wait = min(wait, clock.now.duration(to: until)) }
        guard wait > .zero else { return 0 }
        let (seconds, attoseconds) = wait.components
        return Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    // MARK: accepting

    private func acceptConnections(from listener: Int32) {
        // A bounded batch, so a flood of connections cannot starve the ones already open.
        for _ in 0..<64 {
            if shouldWaitForAReadPass() { return }
            switch Socket.accept(listener) {
            case .none: return
            case .exhausted:
                acceptPausedUntil = clock.now + .milliseconds(100)
                return
            case .accepted(let fd, let peer):
                if connections.count >= configuration.maxConnections, !evictForNewConnection() {
                    refuseOverLimit(fd: fd, peer: peer)
                    continue
                }
                let now = self.now()
                let connection = Connection(
                    id: nextConnectionID, fd: fd, peer: peer,
                    parser: HTTPRequestParser(headLimit: configuration.headLimit, bodyLimit: configuration.bodyLimit),
                    now: now)
                nextConnectionID += 1
                connections[connection.id] = connection
                mailbox.connectionCount = connections.count
            }
        }
    }

    /// Tells the client why, in the one write a fresh socket's buffer always takes, and closes.
    private func refuseOverLimit(fd: Int32, peer: String) {
        let response = HTTPServerResponse(
            status: .serviceUnavailable,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")],
            body: Array("too many connections\n".utf8))
        // Reported first, so whoever reads the 503 can also find its line.
        report("\(HTTPStatus.serviceUnavailable) (\(configuration.maxConnections) connections open) from \(peer)")
        _ = Socket.write(fd, dated(response.serialized())[...])
        shutdown(fd, Int32(SHUT_WR))
        close(fd)
    }

    // MARK: reading

    private func readFrom(_ connection: Connection) {
        switch Socket.read(connection.fd, into: &readBuffer) {
        case .wouldBlock: return
        case .closed, .failed:
            closeConnection(connection)
        case .transferred(let count):
            switch connection.phase {
            case .awaitingRequest:
                if !connection.requestBegun {
                    connection.requestBegun = true
                    if connection.answeredRequests > 0 { connection.requestStartedAt = now() }
                }
                parse(connection, Array(readBuffer[0..<count]))
            case .streaming, .lingering, .handling, .closingAfterFlush:
                return  // Dropped: nothing more is read from a stream's client or after the last answer.
            }
        }
    }

    /// Feeds the parser and hands a complete request to the handler, or answers it at once when the immediate
    /// answer has it; then the next pipelined request, if one is buffered whole, in a loop rather than by recursion.
    func parse(_ connection: Connection, _ bytes: [UInt8]) {
        guard !parsing else { return }  // The running loop below takes the next request.
        parsing = true
        defer { parsing = false }
        var input = bytes
        while true {
            switch connection.parser.feed(input) {
            case .needMoreData:
                return
            case .error(let error):
                report("\(error.status) (\(error.detail)) from \(connection.peer)")
                answerAndClose(connection, HTTPServerResponse(error: error))
                return
            case .request(let request):
                connection.phase = .handling(request)
                if !connection.preferred, let isPreferred = configuration.isPreferred, isPreferred(request) {
                    connection.preferred = true
                }
                // After stop() no handler may run; stop() may come from another thread at any time.
                guard !mailbox.isStopRequested else { return }
                if let immediateAnswer, let prepared = immediateAnswer(request) {
                    respond(connection, to: request, with: prepared)
                    guard connections[connection.id] != nil, case .awaitingRequest = connection.phase, connection.requestBegun,
                        connection.mayTakeNextRequest
                    else { return }
                    input = []
                    continue
                }
                let responder = HTTPResponder(
                    connectionID: connection.id, mailbox: mailbox, maxQueuedBytes: configuration.maxQueuedBytesPerConnection)
                handler(request, responder)
                return
            }
        }
    }

    // MARK: closing

    func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        connection.stream?.revokeDirectWrites()
        close(connection.fd)
        mailbox.connectionCount = connections.count
        connection.stream?.finish()
    }

    func report(_ line: String) {
        configuration.onRequestError(line)
    }
}
