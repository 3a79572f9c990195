#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// At the connection cap, a new client takes the place of a connection that has no request in hand: first one
/// only finishing or lingering after its last answer, then the one waiting longest on a new connection (silent
/// since the accept, or sending its request slowly), then the idle keep-alive connection that has waited
/// longest for its next request. Streams (live pages) and requests with the handler are never evicted, so only
/// they can fill the cap.
///
/// Why: without it, a few hundred clients that send a byte a second (slow loris) each hold a connection for
/// the whole request deadline, reconnect, and keep every new page and event out for as long as they like. A
/// legitimate request on loopback completes within milliseconds, so it is never the oldest unfinished one
/// unless the cap churns through every connection in that time. Idle keep-alive connections (a page's event
/// POSTs between two clicks) go last: a burst of new connections takes the slow ones first.
extension EventLoop {
    /// Closes the most evictable connection; false when every open connection is a stream or with the handler.
    func evictForNewConnection() -> Bool {
        var victim: (connection: Connection, key: EvictionKey)?
        for connection in connections.values {
            guard let key = evictionKey(connection) else { continue }
            if let chosen = victim, !(key < chosen.key) { continue }
            victim = (connection, key)
        }
        guard let victim else { return false }
        evict(victim.connection)
        return true
    }

    /// Finished connections first (rank 0), then new or unfinished ones (rank 1), then idle keep-alive ones
    /// (rank 2); within a rank, the one waiting longest.
    struct EvictionKey: Comparable {
        let rank: Int
        let since: ContinuousClock.Instant

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.rank, lhs.since) < (rhs.rank, rhs.since)
        }
    }

    func evictionKey(_ connection: Connection) -> EvictionKey? {
        switch connection.phase {
        case .closingAfterFlush(let deadline), .lingering(let deadline):
            return EvictionKey(rank: 0, since: deadline)
        case .awaitingRequest:
            if connection.requestBegun { return EvictionKey(rank: 1, since: connection.requestStartedAt) }
            return EvictionKey(rank: connection.answeredRequests == 0 ? 1 : 2, since: connection.idleSince)
        case .handling, .streaming:
            return nil
        }
    }

    /// An unfinished request is told 503 (in the one write an idle socket's buffer takes) and reported; an idle
    /// or finished connection just closes, as its timeout would have closed it.
    private func evict(_ connection: Connection) {
        if case .awaitingRequest = connection.phase, connection.requestBegun, connection.queuedByteCount == 0 {
            report(
                "\(HTTPStatus.serviceUnavailable) (\(configuration.maxConnections) connections open; this unfinished "
                    + "request waited longest and made room) from \(connection.peer)")
            _ = Socket.write(connection.fd, Self.evictionResponse[...])
            shutdown(connection.fd, Int32(SHUT_WR))
        }
        closeConnection(connection)
    }

    private static let evictionResponse = HTTPServerResponse(
        status: .serviceUnavailable,
        headers: [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")],
        body: Array("too many connections; this request took too long\n".utf8)
    ).serialized()
}
