import Foundation

extension HTTPServer {
    /// Where the server listens and the limits that keep one client from hurting the others.
    public struct Configuration: Sendable {
        /// The numeric IPv4 or IPv6 address to bind, and only that one (loopback by default); names such as
        /// `localhost` are not resolved.
        public var host: String
        /// More addresses to listen on, at the port `host` got. `featurehost serve` adds `::1` beside `127.0.0.1`:
        /// a browser may try `::1` first for a `*.localhost` name, so no other program may hold that port there.
        /// An address this machine does not have (no IPv6) is skipped; one already in use by another program makes
        /// `start` pick another port when `port` is 0, and fail otherwise.
        public var additionalHosts: [String] = []
        /// 0 asks the system for a free port; read the bound one from `HTTPServer.port`.
        public var port: UInt16
        /// Open connections at most. One more takes the place of a connection with no request in hand (see
        /// `EventLoop+Eviction`); when every one is a stream or with the handler, it is answered 503 with
        /// `Retry-After: 1` and closed.
        public var maxConnections: Int
        /// A request's head and body must arrive within this, counted from the accept (first request) or from
        /// the first byte of a later one. A client that sent part of a request is answered 408 and closed.
        public var requestDeadline: Duration
        /// How long a keep-alive connection may wait, silent, for its next request before it is closed; also how
        /// long a new connection may stay silent (the shorter of this and `requestDeadline`).
        public var idleTimeout: Duration
        /// At the connection cap, how long a connection must have waited without a request in hand (silent,
        /// sending slowly, idle between keep-alive requests) before a new client may take its place. Shorter
        /// waits are normal work (a page's event POSTs a few milliseconds apart, a request on its way); when
        /// nothing has waited this long the newcomer gets 503.
        public var evictableAfter: Duration = .seconds(1)
        /// Whether a request shows it comes from the user's own page (`featurehost serve`: it names the run's host
        /// name, which no one else is told). A connection that carried one is preferred at the cap: anonymous
        /// connections (none yet) with no request in hand are shed first, oldest first and at once, whatever
        /// `evictableAfter`; preferred ones go only after every anonymous one, under the `evictableAfter` rule.
        /// A flood of connections that reconnect as soon as dropped then churns among itself and the user's page
        /// keeps its place. Called on the I/O thread for every request, so it must be quick. nil: every
        /// connection is alike (`evictableAfter` alone).
        public var isPreferred: (@Sendable (HTTPServerRequest) -> Bool)?
        public var headLimit: Int
        public var bodyLimit: Int
        /// Bytes a connection may have waiting to be sent; a stream whose reader does not read is closed past it.
        public var maxQueuedBytesPerConnection: Int
        /// After an error answer, how long unread bytes from the client are read and dropped before the close, so
        /// the close does not reset the connection before the client has read the answer.
        public var lingerTimeout: Duration
        /// One line per refused request: the status, why, and the peer. Called on the I/O thread, so it must not
        /// block: a write to a terminal or pipe that stops reading would freeze every connection
        /// (`featurehost serve` hands the lines to a `BoundedLineWriter`).
        public var onRequestError: @Sendable (String) -> Void
        /// The wall clock the `Date` header of every response is read from (RFC 9110 §6.6.1); a fixed date in tests.
        public var wallClock: @Sendable () -> Date = { Date() }
        /// What the deadlines are counted in; a test's clock moves them without waiting (`ServerClock`).
        public var clock: ServerClock = .continuous

        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxConnections: Int = 256,
            requestDeadline: Duration = .seconds(10), idleTimeout: Duration = .seconds(10),
            headLimit: Int = HTTPRequestParser.defaultHeadLimit, bodyLimit: Int = HTTPRequestParser.defaultBodyLimit,
            maxQueuedBytesPerConnection: Int = 4 * 1024 * 1024, lingerTimeout: Duration = .seconds(2),
            onRequestError: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.requestDeadline = requestDeadline
            self.idleTimeout = idleTimeout
            self.headLimit = headLimit
            self.bodyLimit = bodyLimit
            self.maxQueuedBytesPerConnection = maxQueuedBytesPerConnection
            self.lingerTimeout = lingerTimeout
            self.onRequestError = onRequestError
        }
    }
}
