import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test-only HTTP/1.1 server on 127.0.0.1 with an ephemeral port: scripted replies, optional delays, and a
/// log of the requests it received. One request per connection (`Connection: close`), which is all
/// the live transport needs from it.
public final class LoopbackHTTPServer: Sendable {
    public struct Request: Sendable, Equatable {
        public var method: String
        public var path: String
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: Data

        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Real time to wait before replying: how a test makes a reply slower than the client's timeout.
        public var delay: Double
        /// Holds the reply until the test opens the gate: how a test keeps a request in flight for as long as
        /// it needs, whatever the machine's load.
        public var gate: BlockingGate?
        /// A body written piece by piece instead of `body` (a hostile server's: huge, slow or compressed).
        public var stream: BodyStream?
        /// How the body's end is told; a hostile server lies about it.
        public var framing: Framing

        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0, gate: BlockingGate? = nil,
            stream: BodyStream? = nil, framing: Framing = .contentLength
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.gate = gate
            self.stream = stream
            self.framing = framing
        }

        /// The same reply, held until `gate` opens.
        public func held(by gate: BlockingGate) -> Reply {
            var reply = self
            reply.gate = gate
            return reply
        }

        public static func text(_ text: String, status: Int = 200, delay: Double = 0) -> Reply {
            Reply(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8), delay: delay)
        }

        public static func json(_ text: String, status: Int = 200, delay: Double = 0) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8), delay: delay)
        }

        public static func data(_ data: Data, contentType: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: ["Content-Type": contentType], body: data)
        }
    }

    public let port: Int
    private let listener: Int32
    private struct State {
        var handler: @Sendable (Request) -> Reply
        var log: [Request] = []
        var sent: [Int] = []
        var stopped = false
    }
    private let state: Locked<State>

    /// Starts listening at once; `handler` answers every request until replaced.
    public init(handler: @escaping @Sendable (Request) -> Reply = { _ in Reply(status: 404) }) throws {
        state = Locked(State(handler: handler))
        (listener, port) = try Self.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    deinit { stop() }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    public func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    public var requests: [Request] { state.withLock { $0.log } }

    /// How many body bytes each finished reply wrote before it ended or the client hung up, in the order they
    /// finished: how a test sees that a client stopped reading.
    public var bodyBytesSent: [Int] { state.withLock { $0.sent } }

    /// `bodyBytesSent` once `count` replies have finished (a reply's writer may still be finding out that the client
    /// hung up when the client's request has already failed), or as it is after `timeout` seconds of real time.
    public func waitForReplies(_ count: Int, timeout: Double = 30) async -> [Int] {
        let limit = Date().addingTimeInterval(timeout)
        while bodyBytesSent.count < count, Date() < limit { try? await Task.sleep(for: .milliseconds(10)) }
        return bodyBytesSent
    }

    /// Replaces how the server answers.
    public func respond(_ handler: @escaping @Sendable (Request) -> Reply) {
        state.withLock { $0.handler = handler }
    }

    /// Answers every request with `reply`.
    public func respond(with reply: Reply) { respond { _ in reply } }

    /// Answers successive requests with `replies` in order, repeating the last.
    public func respond(withSequence replies: [Reply]) {
        let queue = ReplyQueue(replies)
        respond { _ in queue.next() }
    }

    public func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A port on 127.0.0.1 where nothing listens: connecting to it is refused. The socket stays bound (but not
    /// listening) for the life of the process: a port that was merely freed could be taken at once by another
    /// test's server running in parallel, which would then answer instead of refusing.
    public static func refusedPort() throws -> Int {
        try bound(listening: false).port
    }

    // MARK: - Sockets

    private static func listen() throws -> (Int32, Int) {
        let result = try bound(listening: true)
        return (result.socket, result.port)
    }

    private static func bound(listening: Bool) throws -> (socket: Int32, port: Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, !listening || Glibc_listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (socket: fd, port: Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if isStopped { return }
                continue
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        let reply: Reply
        let handler = state.withLock { state in
            state.log.append(request)
            return state.handler
        }
        reply = handler(request)
        reply.gate?.wait()
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        if reply.framing == .verbatim { return record(sent: writeAll(client, reply.body)) }
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        var headers = reply.headers
        let length = reply.stream?.count ?? reply.body.count
        switch reply.framing {
        case .contentLength: headers["Content-Length"] = String(length)
        case .declaredLength(let declared): headers["Content-Length"] = declared
        case .closeDelimited, .verbatim: break
        case .chunked: headers["Transfer-Encoding"] = "chunked"
        }
        headers["Connection"] = "close"
        for name in headers.keys.sorted() { head += "\(name): \(headers[name] ?? "")\r\n" }
        head += "\r\n"
        guard let stream = reply.stream else {
            let written = writeAll(client, Data(head.utf8) + reply.body)
            record(sent: max(0, written - head.utf8.count))
            return
        }
        guard writeAll(client, Data(head.utf8)) == head.utf8.count else { return record(sent: 0) }
        record(sent: writeStream(client, stream, chunked: reply.framing == .chunked))
    }

    /// Writes the stream piece by piece until it ends or the client hangs up; the body bytes written.
    private func writeStream(_ client: Int32, _ stream: BodyStream, chunked: Bool) -> Int {
        var offset = 0
        while offset < stream.count {
            if stream.pause > 0 && offset > 0 { Thread.sleep(forTimeInterval: stream.pause) }
            let end = min(stream.count, offset + stream.pieceSize)
            var piece = Data(stream.bytes(offset..<end))
            if chunked { piece = Data((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Data("\r\n".utf8) }
            guard writeAll(client, piece) == piece.count else { return offset }
            offset = end
        }
        if chunked { _ = writeAll(client, Data("0\r\n\r\n".utf8)) }
        return offset
    }

    private func record(sent count: Int) {
        state.withLock { $0.sent.append(count) }
    }

    private func readRequest(_ client: Int32) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            let count = read(client, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(buffer[headEnd.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = read(client, &chunk, chunk.count)
            guard count > 0 else { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    /// The bytes written before the end or an error. `send` with MSG_NOSIGNAL: a client that hangs up mid-body
    /// (as the host does past a limit) must not kill the test process with SIGPIPE.
    @discardableResult
    private func writeAll(_ client: Int32, _ data: Data) -> Int {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = send(client, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let written = write(client, base + offset, buffer.count - offset)
                #endif
                if written <= 0 { return offset }
                offset += written
            }
            return offset
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

/// `listen` is shadowed by the server's own static method inside the type; named for the C function it calls.
// swift-format-ignore: AlwaysUseLowerCamelCase
private func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }

private final class ReplyQueue: Sendable {
    private let replies: Locked<[LoopbackHTTPServer.Reply]>

    init(_ replies: [LoopbackHTTPServer.Reply]) { self.replies = Locked(replies) }

    func next() -> LoopbackHTTPServer.Reply {
        replies.withLock { replies in
            guard replies.count > 1 else { return replies.first ?? LoopbackHTTPServer.Reply(status: 404) }
            return replies.removeFirst()
        }
    }
}

package struct ServerError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
