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
///
/// With `Configuration.isPreferred` set (as `serve` sets it), connections that carried a request of the user's
/// own are kept over anonymous ones: an anonymous connection with no request in hand may go at once (oldest
/// first), and a preferred one only once no anonymous one is left, under the rule above. A flood that reconnects
/// as soon as dropped then evicts itself, and the user's browser, whose fresh connection is the newest and sends
/// its request at once, gets in.
extension EventLoop {
    /// Closes the most evictable connection; false when none may go.
    func evictForNewConnection() -> Bool {
        guard let victim = evictionVictim() else { return false }
        evict(victim)
        return true
    }

    private func evictionVictim() -> Connection? {
        let now = self.now()
        var victim: (connection: Connection, key: EvictionKey)?
        for connection in connections.values {
            guard let key = evictionKey(connection, now: now) else { continue }
            if let chosen = victim, !(key < chosen.key) { continue }
            victim = (connection, key)
        }
        return victim?.connection
    }

    /// At the cap with preferences, when no place may be taken now only because connections accepted in this batch
    /// have not been read yet: the next ones wait in the listen backlog for the next turn of the loop (when those are
    /// read, and preferred or evictable) rather than being refused. Without it a flood accepted in one batch filled
    /// every place unread, and the user's request behind it got a 503.
    func shouldWaitForAReadPass() -> Bool {
        guard configuration.isPreferred != nil, connections.count >= configuration.maxConnections,
            connections.values.contains(where: { !$0.hadReadPass && !$0.preferred })
        else { return false }
        return evictionVictim() == nil
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
        if configuration.isPreferred != nil {
            return preferenceKey(connection, now: now)
        }
        return ageKey(connection, now: now)
    }

    /// Anonymous connections first, at once: lingering (rank 0), then unfinished, unread or idle after an answer
    /// (rank 1: a slow loris), then silent since the accept (rank 2: most often a browser's request on its way);
    /// then preferred ones (ranks 3 to 5, by `ageKey`). A connection the loop has not read once since its accept is
    /// never taken: its request may be waiting in the socket, and a flood accepted in the same batch must not evict it
    /// unread.
    private func preferenceKey(_ connection: Connection, now: ContinuousClock.Instant) -> EvictionKey? {
        guard connection.preferred else {
            switch connection.phase {
            case .lingering(let deadline): return EvictionKey(rank: 0, since: deadline)
            case .closingAfterFlush(let deadline): return EvictionKey(rank: 1, since: deadline - configuration.requestDeadline)
            case .awaitingRequest:
                guard connection.hadReadPass else { return nil }
                if connection.requestBegun { return EvictionKey(rank: 1, since: connection.requestStartedAt) }
                return EvictionKey(rank: connection.answeredRequests == 0 ? 2 : 1, since: connection.idleSince)
            case .handling, .streaming: return nil
            }
        }
        return ageKey(connection, now: now).map { EvictionKey(rank: $0.rank + 3, since: $0.since) }
    }

    private func ageKey(_ connection: Connection, now: ContinuousClock.Instant) -> EvictionKey? {
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
