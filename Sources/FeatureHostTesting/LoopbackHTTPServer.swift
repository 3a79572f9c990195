import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test-only HTTP/1.1 server on 127.0.0.1 with an ephemeral port: scripted replies, optional delays, and a
/// log of the requests it received. One request per connection (`Connection: close`), which is all
/// URLSession needs from it.
public final class LoopbackHTTPServer: @unchecked Sendable {
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

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0, gate: BlockingGate? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.gate = gate
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
    private let lock = NSLock()
    private var handler: @Sendable (Request) -> Reply
    private var log: [Request] = []
    private var stopped = false

    /// Starts listening at once; `handler` answers every request until replaced.
    public init(handler: @escaping @Sendable (Request) -> Reply = { _ in Reply(status: 404) }) throws {
        self.handler = handler
        (listener, port) = try Self.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    deinit { stop() }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    public func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// Replaces how the server answers.
    public func respond(_ handler: @escaping @Sendable (Request) -> Reply) {
        lock.lock()
        self.handler = handler
        lock.unlock()
    }

    /// Answers every request with `reply`.
    public func respond(with reply: Reply) { respond { _ in reply } }

    /// Answers successive requests with `replies` in order, repeating the last.
    public func respond(withSequence replies: [Reply]) {
        let queue = ReplyQueue(replies)
        respond { _ in queue.next() }
    }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
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

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        let reply: Reply
        lock.lock()
        log.append(request)
        let handler = self.handler
        lock.unlock()
        reply = handler(request)
        reply.gate?.wait()
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        var headers = reply.headers
        headers["Content-Length"] = String(reply.body.count)
        headers["Connection"] = "close"
        for name in headers.keys.sorted() { head += "\(name): \(headers[name] ?? "")\r\n" }
        head += "\r\n"
        writeAll(client, Data(head.utf8) + reply.body)
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

    private func writeAll(_ client: Int32, _ data: Data) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(client, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

/// `listen` is shadowed by the server's own static method inside the type.
private func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }

private final class ReplyQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [LoopbackHTTPServer.Reply]

    init(_ replies: [LoopbackHTTPServer.Reply]) { self.replies = replies }

    func next() -> LoopbackHTTPServer.Reply {
        lock.lock()
        defer { lock.unlock() }
        guard replies.count > 1 else { return replies.first ?? LoopbackHTTPServer.Reply(status: 404) }
        return replies.removeFirst()
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
