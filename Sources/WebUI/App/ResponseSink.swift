/// Where the app writes an answer: the server's `HTTPResponder`, or a recording fake in tests, so routing,
/// sessions and security are tested without sockets.
public protocol ResponseSink: Sendable {
    func send(_ response: HTTPServerResponse)
    /// Starts a streaming answer (Server-Sent Events): the head now, chunks as they come.
    func openStream(status: HTTPStatus, headers: [(String, String)]) -> any EventStreamSink
}

/// An open event stream.
public protocol EventStreamSink: AnyObject, Sendable {
    /// Queues bytes; false once the stream is closed.
    @discardableResult func write(_ bytes: [UInt8]) -> Bool
    func close()
    var isClosed: Bool { get }
    /// Called once, on any thread, when the stream ends: the client went away, `close()`, or the server stopped.
    func onClose(_ handler: @escaping @Sendable () -> Void)
}

extension HTTPResponder: ResponseSink {
    public func openStream(status: HTTPStatus, headers: [(String, String)]) -> any EventStreamSink {
        let stream: HTTPStream = openStream(status: status, headers: headers)
        return stream
    }
}

extension HTTPStream: EventStreamSink {}
