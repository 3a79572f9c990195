/// The request deadline, the idle timeout and the bounds on a last answer, checked once per loop turn.
extension EventLoop {
    struct Deadline {
        let at: ContinuousClock.Instant
        /// Whether the client is told (408) or the connection just closes.
        let answers408: Bool
    }

    func deadline(of connection: Connection) -> Deadline? {
        switch connection.phase {
        case .awaitingRequest:
            if connection.requestBegun {
                return Deadline(at: connection.requestStartedAt + configuration.requestDeadline, answers408: true)
            }
            let silence =
                connection.answeredRequests == 0
                ? min(configuration.idleTimeout, configuration.requestDeadline) : configuration.idleTimeout
            return Deadline(at: connection.idleSince + silence, answers408: false)
        case .closingAfterFlush(let deadline), .lingering(let deadline):
            return Deadline(at: deadline, answers408: false)
        case .handling, .streaming:
            return nil
        }
    }

    func expireDeadlines() {
        let now = self.now()
        for connection in Array(connections.values) {
            guard let deadline = deadline(of: connection), deadline.at <= now else { continue }
            if deadline.answers408 {
                report("\(HTTPStatus.requestTimeout) (request not complete in time) from \(connection.peer)")
                answerAndClose(
                    connection,
                    HTTPServerResponse(
                        status: .requestTimeout, headers: [("Content-Type", "text/plain; charset=utf-8")],
                        body: Array("request not complete in time\n".utf8)))
            } else {
                closeConnection(connection)
            }
        }
    }
}
