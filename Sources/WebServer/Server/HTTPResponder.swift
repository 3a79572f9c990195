import FeatureHostCore
import Foundation

/// How a handler answers one request: once, with `send` or `openStream`, from any thread.
///
/// - A second answer is ignored (`openStream` then returns a stream that is already closed).
/// - A responder released without an answer (the handler dropped it) answers `500 Internal Server Error`
///   and closes the connection, reported through `onRequestError`, so no connection waits forever.
/// - Answers to a connection that has closed meanwhile (the client left, the server stopped) are dropped.
/// - No deadline applies while the handler holds the request: a responder kept but never answered keeps its
///   connection until the client closes both ways, the server stops, or the responder is released.
public final class HTTPResponder: Sendable {
    private let connectionID: UInt64
    private let mailbox: LoopMailbox
    private let maxQueuedBytes: Int
    private let answered = Locked(false)

    init(connectionID: UInt64, mailbox: LoopMailbox, maxQueuedBytes: Int) {
        self.connectionID = connectionID
        self.mailbox = mailbox
        self.maxQueuedBytes = maxQueuedBytes
    }

    deinit {
        if !answered.withLock({ $0 }) { mailbox.post(.unanswered(connection: connectionID)) }
    }

    /// A complete response. A HEAD request gets its head only. The connection stays open when both the
    /// request and `response.keepAlive` allow it.
    public func send(_ response: HTTPServerResponse) {
        guard claim() else { return }
        mailbox.post(.respond(connection: connectionID, response: response))
    }

    /// A streaming response: the head goes out with `Connection: close` and no `Content-Length`, then
    /// whatever the stream is given. The request deadline no longer applies to the connection.
    public func openStream(status: HTTPStatus = .ok, headers: [(String, String)] = []) -> HTTPStream {
        let stream = HTTPStream(connectionID: connectionID, mailbox: mailbox, maxQueuedBytes: maxQueuedBytes)
        guard claim(),
            mailbox.post(.openStream(connection: connectionID, status: status, headers: headers, stream: stream))
        else {
            stream.finish()
            return stream
        }
        return stream
    }

    private func claim() -> Bool {
        answered.withLock { answered in
            guard !answered else { return false }
            answered = true
            return true
        }
    }
}
