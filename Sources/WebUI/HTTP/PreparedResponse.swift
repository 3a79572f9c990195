/// A response serialized once and sent many times (a static file): its head as a keep-alive answer and as a last
/// one, and its body, each in memory of its own that the server queues by reference. The bytes on the wire are
/// exactly `response.serialized(...)`'s; nothing is rebuilt, cleaned or copied per request.
public struct PreparedResponse: Sendable, Equatable {
    /// The response it was made from, for a sender that takes one (the app's tests' recording sink).
    public let response: HTTPServerResponse
    let keepAliveHead: ByteChunk
    let closeHead: ByteChunk
    let body: ByteChunk

    /// `response.keepAlive` says whether the answer may keep its connection; the request decides the rest.
    public init(_ response: HTTPServerResponse) {
        self.response = response
        var variant = response
        variant.keepAlive = response.keepAlive
        keepAliveHead = ByteChunk(variant.serialized(forHead: true))
        variant.keepAlive = false
        closeHead = ByteChunk(variant.serialized(forHead: true))
        body = ByteChunk(response.body)
    }

    /// Made from the same response, so the same bytes.
    public static func == (a: PreparedResponse, b: PreparedResponse) -> Bool { a.response == b.response }

    /// Whether the connection stays open after this answer to `request`.
    func keepsAlive(for request: HTTPServerRequest) -> Bool { response.keepAlive && request.keepAlive }

    /// The head for `request`'s connection; the body follows unless it is a HEAD.
    func head(for request: HTTPServerRequest) -> ByteChunk { keepsAlive(for: request) ? keepAliveHead : closeHead }

    /// What goes on the wire for `request`, as one array (tests).
    public func bytes(for request: HTTPServerRequest) -> [UInt8] {
        head(for: request).bytes + (request.method == .head ? [] : body.bytes)
    }
}
