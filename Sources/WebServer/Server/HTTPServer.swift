import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The web surface's HTTP/1.1 server: one I/O thread polls the listener and every connection.
///
/// The handler runs on that thread for each complete request and must not block: it answers through the
/// `HTTPResponder`, from any thread. Limits (connections, deadlines, sizes, queued bytes) are in `Configuration`;
/// every refusal is answered with its status and reported through `onRequestError`. Call `stop()` when done
/// (a released server stops itself).
public final class HTTPServer: Sendable {
    /// The bound port (the system's choice when the configuration said 0).
    public let port: UInt16
    private let mailbox: LoopMailbox

    private init(port: UInt16, mailbox: LoopMailbox) {
        self.port = port
        self.mailbox = mailbox
    }

    deinit { mailbox.stopAndWait() }

    /// Binds, listens and starts the I/O thread. Throws, naming the address and the system's reason, when the
    /// address cannot be bound (in use, not an address, not one of this machine's).
    public static func start(
        _ configuration: Configuration, handler: @escaping @Sendable (HTTPServerRequest, HTTPResponder) -> Void
    ) throws -> HTTPServer {
        guard configuration.maxConnections > 0 else {
            throw HTTPServerError("maxConnections must be at least 1, got \(configuration.maxConnections)")
        }
        let listeners = try listen(configuration)
        let pipe: WakeUpPipe
        do {
            pipe = try WakeUpPipe()
        } catch {
            for listener in listeners { close(listener) }
            throw error
        }
        let mailbox = LoopMailbox(pipe: pipe)
        let port = Socket.boundPort(listeners[0])
        let loop = EventLoop(configuration: configuration, listeners: listeners, mailbox: mailbox, handler: handler)
        let thread = Thread { loop.run() }
        thread.name = "HTTPServer:\(port)"
        thread.start()
        return HTTPServer(port: port, mailbox: mailbox)
    }

    /// The listeners: `host` first, then each of `additionalHosts` this machine has, all at one port. A port another
    /// program holds on an additional address is given back and another one tried (when the port was 0).
    private static func listen(_ configuration: Configuration) throws(HTTPServerError) -> [Int32] {
        var attemptsLeft = configuration.port == 0 ? 16 : 1
        while true {
            let first = try Socket.listen(host: configuration.host, port: configuration.port)
            var listeners = [first]
            var conflict: HTTPServerError?
            for host in configuration.additionalHosts {
                do {
                    listeners.append(try Socket.listen(host: host, port: Socket.boundPort(first)))
                } catch  where error.isAddressUnavailable {
                    continue
                } catch {
                    conflict = error
                    break
                }
            }
            guard let conflict else { return listeners }
            for listener in listeners { close(listener) }
            attemptsLeft -= 1
            guard attemptsLeft > 0, conflict.isAddressInUse else { throw conflict }
        }
    }

    /// An answer the I/O thread may give itself, at once: bytes prepared in advance (a static file) for a request
    /// that needs nothing else, or nil to hand the request to the handler as usual. It runs on the I/O thread for
    /// every complete request, so it must be quick and must never block.
    public typealias ImmediateAnswer = @Sendable (HTTPServerRequest) -> PreparedResponse?

    /// Installs (or with nil removes) the immediate answer; it applies to requests completed after the I/O thread
    /// takes it, a moment later. `featurehost serve` answers its static files this way: no hop to the main actor
    /// and back, no header written per request.
    public func answerImmediately(_ answer: ImmediateAnswer?) {
        mailbox.post(.setImmediateAnswer(answer))
    }

    /// Wakes the I/O thread to check every deadline now: call it after moving a test's `ServerClock`, since the
    /// thread otherwise sleeps until the nearest deadline it last computed (at most a second).
    public func checkDeadlines() {
        mailbox.post(.checkDeadlines)
    }

    /// Open connections, including ones finishing their last answer.
    public var connectionCount: Int { mailbox.connectionCount }

    /// Closes the listener and every connection (open streams hear `onClose`) and waits for the I/O thread to
    /// end; after it returns no handler runs. What streams were written before it goes out first (a last event),
    /// for at most 250 ms. Idempotent. Called from a handler, it cannot wait for its own
    /// thread: the loop then ends as soon as that handler returns.
    public func stop() {
        mailbox.stopAndWait()
    }
}
