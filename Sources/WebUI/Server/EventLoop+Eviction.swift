#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// At the connection cap, a new client takes the place of a connection with no request in hand: one lingering
/// after its last answer, else one that has waited at least `evictableAfter`: first the longest waiting on a new
/// connection (silent since the accept, sending its request slowly, or not reading its last answer), then the
/// keep-alive connection idle longest. Streams (live pages), requests with the handler and connections busy
/// within `evictableAfter` are never evicted: when only they are open the newcomer gets 503.
///
/// Why: without it, a few hundred clients that send a byte a second (slow loris) each hold a connection for
/// the whole request deadline, reconnect, and keep every new page and event out for as long as they like.
/// With it they hold a place for `evictableAfter` at most once the cap is reached. The bound that stays: a
/// program opening more connections a second than the cap (256) still gets newcomers refused while it lasts.
extension EventLoop {
    /// Closes the most evictable connection; false when none may go.
    func evictForNewConnection() -> Bool {
        let now = clock.now
        var victim: (connection: Connection, key: EvictionKey)?
        for connection in connections.values {
            guard let key = evictionKey(connection, now: now) else { continue }
            if let chosen = victim, !(key < chosen.key) { continue }
            victim = (connection, key)
        }
        guard let victim else { return false }
        evict(victim.connection)
        return true
    }

    /// Lingering connections first (rank 0), then new, unfinished or unread ones (rank 1), then idle keep-alive
    /// ones (rank 2); within a rank, the one waiting longest.
    struct EvictionKey: Comparable {
        let rank: Int
        let since: ContinuousClock.Instant

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.rank, lhs.since) < (rhs.rank, rhs.since)
        }
    }

    func evictionKey(_ connection: Connection, now: ContinuousClock.Instant) -> EvictionKey? {
        let key: EvictionKey
        switch connection.phase {
        case .lingering(let deadline):
            return EvictionKey(rank: 0, since: deadline)
        case .closingAfterFlush(let deadline):
            // Its last answer is not read yet; it was given when the closing deadline was set.
            key = EvictionKey(rank: 1, since: deadline - configuration.requestDeadline)
        case .awaitingRequest:
            if connection.requestBegun {
                key = EvictionKey(rank: 1, since: connection.requestStartedAt)
            } else {
                key = EvictionKey(rank: connection.answeredRequests == 0 ? 1 : 2, since: connection.idleSince)
            }
        case .handling, .streaming:
            return nil
        }
        return key.since + configuration.evictableAfter <= now ? key : nil
    }

    /// An unfinished request is told 503 (in the one write an idle socket's buffer takes) and reported; an idle
    /// or finished connection just closes, as its timeout would have closed it.
    private func evict(_ connection: Connection) {
        if case .awaitingRequest = connection.phase, connection.requestBegun, connection.queuedByteCount == 0 {
            report(
                "\(HTTPStatus.serviceUnavailable) (\(configuration.maxConnections) connections open; this unfinished "
                    + "request waited longest and made room) from \(connection.peer)")
            _ = Socket.write(connection.fd, dated(Self.evictionResponse)[...])
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
