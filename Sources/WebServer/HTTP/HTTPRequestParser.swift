/// An incremental HTTP/1.1 request parser: feed it the bytes as they arrive, in chunks of any size.
///
/// Notes on the wire (issue 13):
/// - Limits: request line plus headers (through the blank line) at most `headLimit` bytes (16 KiB), the body
///   at most `bodyLimit` (64 KiB). Exactly the limit passes; one byte over is refused, and as soon as it can be
///   known, so a client cannot make the server buffer more than the limits. A request line that has not ended
///   within the head limit gets 414, a header section 431, a larger `Content-Length` 413 before the body is read.
/// - Bodies are framed by `Content-Length` only. Any `Transfer-Encoding` gets 411 and the connection closes, its
///   body unread (RFC 9110 §15.5.12 lets a server want a length): browsers never chunk a request (`fetch` with a
///   stream body needs HTTP/2), page events are a few hundred bytes, and one framing rule leaves no room for
///   request smuggling (the chunks are never taken for a next request). A repeated
///   `Content-Length` is refused even when the values agree, as is a list, a sign or anything but digits.
/// - Lines end with CR LF. A bare LF is refused (400) rather than tolerated: RFC 9112 §2.2 allows either, and
///   refusing is the reading no proxy or client can disagree with. Empty lines before a request line are skipped
///   (RFC 9112 §2.2), which absorbs the stray CR LF some clients send after a POST body; they count toward the
///   head limit.
/// - Only GET, HEAD and POST (others 405 with `Allow`), only HTTP/1.0 and 1.1 (others 505). Targets in origin-form
///   (`/path?query`) or absolute-form (`http://authority/path?query`, RFC 9112 §3.2.2: its authority then stands for
///   `Host`; userinfo is refused). HTTP/1.1 needs exactly one `Host`, and every `Host` must be `uri-host [":" port]`
///   (else 400, RFC 9112 §3.2; `HostField`). Header names are RFC 9110 tokens with the colon
///   right after; values may not hold control bytes and must be UTF-8; no obs-fold.
/// - The order of the checks follows the bytes, so a request split at any boundary gives the same result.
/// - After a request, bytes already received stay buffered: call `feed([])` again for a pipelined next
///   request. After an error the parser stays failed; the server answers the error and closes.
/// - Not here: the 10 s deadline for the head and the 256-connection cap belong to the server loop, which also
///   stops reading while a request is in hand (see `bufferedByteCount`).
public struct HTTPRequestParser: Sendable {
    public enum ParseResult: Sendable, Equatable {
        case needMoreData
        case request(HTTPServerRequest)
        case error(HTTPRequestError)
    }

    public static let defaultHeadLimit = 16 * 1024
    public static let defaultBodyLimit = 64 * 1024

    public let headLimit: Int
    public let bodyLimit: Int

    private var buffer: [UInt8] = []
    // The current request always starts at `buffer[0]`: spent requests are dropped.
    /// Where the next unread line starts.
    private var lineStart = 0
    /// How far the search for the line's LF has gone, so a slow client's byte-at-a-time line is scanned once.
    private var scanned = 0
    private var head = RequestHead()
    /// Set once the head is complete: the body length still to arrive.
    private var pendingBody: (head: CompleteHead, bodyStart: Int)?
    private var failure: HTTPRequestError?

    /// Bytes held for requests not yet returned. The server stops reading while a request is in hand, so this
    /// stays within one head and body plus one read; exposed so the loop can check that.
    public var bufferedByteCount: Int { buffer.count }

    public init(headLimit: Int = defaultHeadLimit, bodyLimit: Int = defaultBodyLimit) {
        self.headLimit = headLimit
        self.bodyLimit = bodyLimit
    }

    /// Appends `bytes` and returns the next request if one is complete.
    public mutating func feed(_ bytes: [UInt8]) -> ParseResult {
        if let failure { return .error(failure) }
        buffer.append(contentsOf: bytes)
        do throws(HTTPRequestError) {
            return try step()
        } catch {
            failure = error
            buffer = []
            return .error(error)
        }
    }

    private mutating func step() throws(HTTPRequestError) -> ParseResult {
        if pendingBody == nil {
            guard let complete = try readHead() else { return .needMoreData }
            pendingBody = (complete, lineStart)
        }
        guard let pending = pendingBody, buffer.count - pending.bodyStart >= pending.head.contentLength else {
            return .needMoreData
        }
        let complete = pending.head
        let bodyStart = pending.bodyStart
        let bodyEnd = bodyStart + complete.contentLength
        let request = HTTPServerRequest(
            method: complete.method, rawTarget: complete.target.raw, path: complete.target.path,
            rawQuery: complete.target.query, version: complete.version, headers: complete.headers,
            body: Array(buffer[bodyStart..<bodyEnd]), keepAlive: complete.keepAlive)
        // Drop the spent request so a long keep-alive connection does not grow the buffer.
        buffer.removeSubrange(0..<bodyEnd)
        lineStart = 0
        scanned = 0
        head = RequestHead()
        pendingBody = nil
        return .request(request)
    }

    /// Reads complete lines; returns the head once the blank line is read.
    private mutating func readHead() throws(HTTPRequestError) -> CompleteHead? {
        while true {
            guard let lineFeed = buffer[max(lineStart, scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = buffer.count
                // Whatever the line turns out to be, it would end beyond the limit.
                if buffer.count > headLimit { throw tooLarge }
                return nil
            }
            if lineFeed + 1 > headLimit { throw tooLarge }
            guard lineFeed > lineStart, buffer[lineFeed - 1] == UInt8(ascii: "\r") else { throw .bareLineFeed }
            let line = buffer[lineStart..<(lineFeed - 1)]
            lineStart = lineFeed + 1
            if head.requestLine == nil {
                // Skip empty lines before the request line; they count toward the head limit, so they are bounded.
                if line.isEmpty { continue }
                head.requestLine = try RequestLine(line)
            } else if line.isEmpty {
                return try head.complete(bodyLimit: bodyLimit)
            } else {
                try head.addHeader(line)
            }
        }
    }

    private var tooLarge: HTTPRequestError { head.requestLine == nil ? .requestLineTooLong : .headersTooLarge }
}
