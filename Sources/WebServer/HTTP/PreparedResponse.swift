/// A response serialized once and sent many times (a static file): its status line, its header fields as a
/// keep-alive answer and as a last one, and its body, each in memory of its own that the server queues by reference.
/// The server puts the `Date` line between the status line and the fields; the rest is exactly
/// `response.serialized(...)`'s bytes: nothing is rebuilt, cleaned or copied per request.
public struct PreparedResponse: Sendable, Equatable {
    /// The response it was made from, for a sender that takes one (the app's tests' recording sink).
    public let response: HTTPServerResponse
    let statusLine: ByteChunk
    let keepAliveFields: ByteChunk
    let closeFields: ByteChunk
    let body: ByteChunk

    /// `response.keepAlive` says whether the answer may keep its connection; the request decides the rest.
    public init(_ response: HTTPServerResponse) {
        self.response = response
        var variant = response
        let keepAliveHead = variant.serialized(forHead: true)
        variant.keepAlive = false
        let closeHead = variant.serialized(forHead: true)
        // The writer always starts with the status line and its CR LF.
        let split = (keepAliveHead.firstIndex(of: UInt8(ascii: "\n")) ?? keepAliveHead.count - 1) + 1
        statusLine = ByteChunk(Array(keepAliveHead[..<split]))
        keepAliveFields = ByteChunk(Array(keepAliveHead[split...]))
        closeFields = ByteChunk(Array(closeHead[split...]))
        body = ByteChunk(response.body, sendable: response.body.count >= ByteChunk.sendFileThreshold)
    }

    /// Made from the same response, so the same bytes.
    public static func == (a: PreparedResponse, b: PreparedResponse) -> Bool { a.response == b.response }

    /// Whether the connection stays open after this answer to `request`.
    func keepsAlive(for request: HTTPServerRequest) -> Bool { response.keepAlive && request.keepAlive }

    /// The header fields for `request`'s connection, after the status line (and the server's `Date`); the body
    /// follows unless it is a HEAD.
    func fields(for request: HTTPServerRequest) -> ByteChunk { keepsAlive(for: request) ? keepAliveFields : closeFields }

    /// What goes on the wire for `request` but the `Date` line, as one array (tests).
    public func bytes(for request: HTTPServerRequest) -> [UInt8] {
        statusLine.bytes + fields(for: request).bytes + (request.method == .head ? [] : body.bytes)
    }
}
