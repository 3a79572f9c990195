/// A response as bytes on the wire. The writer owns `Content-Length` and `Connection`, so a handler cannot
/// frame a response wrongly, and it cleans header text so no value can inject a line.
public struct HTTPServerResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var keepAlive: Bool

    public init(status: HTTPStatus, headers: [(String, String)] = [], body: [UInt8] = [], keepAlive: Bool = false) {
        self.status = status
        self.headers = HTTPHeaders(headers)
        self.body = body
        self.keepAlive = keepAlive
    }

    /// The answer to a refused request: a short plain-text reason, and the connection closes.
    public init(error: HTTPRequestError) {
        self.init(
            status: error.status,
            headers: [("Content-Type", "text/plain; charset=utf-8")] + error.extraHeaders,
            body: Array((error.detail + "\n").utf8))
    }

    /// Status line, headers, blank line and body. For HEAD the body is left out but its length is announced.
    public func serialized(forHead: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(Self.clean(status.reason))\r\n"
        for field in headers where !Self.writerOwned.contains(field.name.lowercased()) {
            // A name that is not a token would break the framing; such a header is a bug, left out, not sent.
            guard HTTPToken.isToken(field.name) else { continue }
            text += "\(field.name): \(Self.clean(field.value))\r\n"
        }
        text += "Content-Length: \(body.count)\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8) + (forHead ? [] : body)
    }

    /// The head of a streaming response (Server-Sent Events): no `Content-Length`, so the body runs until the
    /// server closes the connection, which `Connection: close` announces.
    public static func streamHead(status: HTTPStatus, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(clean(status.reason))\r\n"
        for (name, value) in headers where !writerOwned.contains(name.lowercased()) && HTTPToken.isToken(name) {
            text += "\(name): \(clean(value))\r\n"
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// The server writes these itself (`Date` as the I/O thread sends the answer, from its clock).
    private static let writerOwned: Set<String> = ["content-length", "connection", "transfer-encoding", "date"]

    /// Control characters (CR, LF, NUL…) become spaces: a value stays one line whatever it holds.
    static func clean(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F ? " " : scalar
                }))
    }
}
