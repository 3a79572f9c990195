#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers from the handler's side (`LoopWork`), and how a connection moves on after an answer.
extension EventLoop {
    func perform(_ work: LoopWork) {
        switch work {
        case .respond(let id, let response):
            guard let connection = connections[id], case .handling(let request) = connection.phase else { return }
            respond(connection, to: request, with: response)
        case .unanswered(let id):
            guard let connection = connections[id], case .handling(let request) = connection.phase else { return }
            report(
                "\(HTTPStatus.internalServerError) (no answer from the handler) for \(request.method.rawValue) \(request.path) from \(connection.peer)"
            )
            answerAndClose(
                connection,
                HTTPServerResponse(
                    status: .internalServerError, headers: [("Content-Type", "text/plain; charset=utf-8")],
                    body: Array("no response\n".utf8)))
        case .openStream(let id, let status, let headers, let stream):
            guard let connection = connections[id], case .handling(let request) = connection.phase else {
                stream.finish()
                return
            }
            enqueueDated(connection, HTTPServerResponse.streamHead(status: status, headers: headers))
            if request.method == .head {
                stream.finish()
                connection.phase = .closingAfterFlush(deadline: now() + configuration.requestDeadline)
            } else {
                connection.phase = .streaming(stream)
            }
            flushNow(connection)
        case .streamWrite(let id, let bytes, let stream):
            stream.taken(bytes.count)
            guard let connection = connections[id], connection.stream === stream else { return }
            connection.enqueue(bytes)
            if connection.queuedByteCount > configuration.maxQueuedBytesPerConnection {
                closeConnection(connection)  // The reader does not keep up: close rather than grow.
                return
            }
            flushNow(connection)
        case .streamClose(let id):
            guard let connection = connections[id], connection.stream != nil else { return }
            connection.phase = .closingAfterFlush(deadline: now() + configuration.requestDeadline)
            flushNow(connection)
        case .abort(let id):
            if let connection = connections[id] { closeConnection(connection) }
        case .setImmediateAnswer(let answer):
            immediateAnswer = answer
        case .checkDeadlines:
            return  // Waking the loop was the point: it checks every deadline after this turn's poll.
        }
    }

    func respond(_ connection: Connection, to request: HTTPServerRequest, with response: HTTPServerResponse) {
        var response = response
        response.keepAlive = response.keepAlive && request.keepAlive
        enqueueDated(connection, response.serialized(forHead: request.method == .head))
        answered(connection, keepAlive: response.keepAlive)
    }

    /// A prepared answer: its head and body queued by reference, sent in one gather write when the socket takes it.
    func respond(_ connection: Connection, to request: HTTPServerRequest, with prepared: PreparedResponse) {
        connection.enqueue(prepared.statusLine)
        connection.enqueue(httpDate.headerLine())
        connection.enqueue(prepared.fields(for: request))
        if request.method != .head { connection.enqueue(prepared.body) }
        answered(connection, keepAlive: prepared.keepsAlive(for: request))
    }

    /// After an answer was queued: the connection waits for its next request, or closes once the answer is sent.
    private func answered(_ connection: Connection, keepAlive: Bool) {
        guard keepAlive else {
            connection.phase = .closingAfterFlush(deadline: now() + configuration.requestDeadline)
            flushNow(connection)
            return
        }
        let now = self.now()
        connection.answeredRequests += 1
        connection.phase = .awaitingRequest
        connection.idleSince = now
        connection.requestStartedAt = now
        connection.requestBegun = connection.parser.bufferedByteCount > 0
        flushNow(connection)  // Then a pipelined request, if one is buffered (see `afterFlush`).
    }

    /// A pipelined request may already be buffered whole; it is taken once earlier answers are mostly sent.
    func takeBufferedRequest(_ connection: Connection) {
        guard connections[connection.id] != nil, case .awaitingRequest = connection.phase, connection.requestBegun,
            connection.mayTakeNextRequest
        else { return }
        parse(connection, [])
    }

    /// An error answer: sent, then the connection closes (after lingering, so the client can read it).
    func answerAndClose(_ connection: Connection, _ response: HTTPServerResponse) {
        var response = response
        response.keepAlive = false
        enqueueDated(connection, response.serialized())
        connection.phase = .closingAfterFlush(deadline: now() + configuration.requestDeadline)
        flushNow(connection)
    }

    /// A serialized response queued with the `Date` line after its status line.
    func enqueueDated(_ connection: Connection, _ bytes: [UInt8]) {
        let split = Self.statusLineEnd(bytes)
        connection.enqueue(Array(bytes[..<split]))
        connection.enqueue(httpDate.headerLine())
        connection.enqueue(Array(bytes[split...]))
    }

    /// The same as one array, for the single write to a socket about to close.
    func dated(_ bytes: [UInt8]) -> [UInt8] {
        let split = Self.statusLineEnd(bytes)
        return Array(bytes[..<split]) + httpDate.headerLine().bytes + Array(bytes[split...])
    }

    /// Just past the status line's CR LF (the writer always puts one first).
    private static func statusLineEnd(_ bytes: [UInt8]) -> Int {
        (bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count - 1) + 1
    }

    func flushNow(_ connection: Connection) {
        guard connection.flush() else {
            closeConnection(connection)
            return
        }
        afterFlush(connection)
    }

    /// A stream's queue sent: its next writes may go straight out. A last response fully sent: shut our side and
    /// linger.
    func afterFlush(_ connection: Connection) {
        if let stream = connection.stream {
            if connection.queuedByteCount == 0 { stream.allowDirectWrites(to: connection.fd) }
            return
        }
        if case .awaitingRequest = connection.phase {
            takeBufferedRequest(connection)
            return
        }
        guard connection.queuedByteCount == 0, case .closingAfterFlush = connection.phase else { return }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering(deadline: now() + configuration.lingerTimeout)
    }
}
