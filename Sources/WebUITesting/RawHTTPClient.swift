import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Inside the client, `close` and `send` name its own methods.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
private func sendBytes(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, pointer, count, flags)
}

#if canImport(Glibc)
    private let noSignalFlag = Int32(MSG_NOSIGNAL)
#else
    private let noSignalFlag: Int32 = 0
#endif

/// What went wrong on the client's side: the server ended the connection early, or did not answer in time.
public struct ClientError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// One response as read off the wire.
public struct RawResponse {
    public let status: Int
    public let headers: [(String, String)]
    public let body: [UInt8]

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking test client on a raw socket, so a test writes exactly the bytes it means. Every read is bounded
/// (`SO_RCVTIMEO`), so a server that fails to answer fails the test instead of hanging it.
public final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    public init(port: UInt16, readTimeoutSeconds: Int = 60) throws {
        #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ClientError(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let text = String(cString: strerror(errno))
            // A class whose init throws once its properties are set still runs deinit: marked closed here, or
            // deinit would close the number again, by then perhaps another test's socket (a send on EBADF).
            close()
            throw ClientError(description: "connect to 127.0.0.1:\(port): \(text)")
        }
    }

    deinit { close() }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count, noSignalFlag) }
            guard count > 0 else { throw ClientError(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// One more chunk into the buffer; false on EOF or error (a timeout throws).
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
            throw ClientError(description: "read timed out")
        }
        return false
    }

    /// Reads one response framed by `Content-Length` (none for a HEAD, or until EOF when absent).
    public func readResponse(head: Bool = false) throws -> RawResponse {
        let separator = Array("\r\n\r\n".utf8)
        var end: Int?
        while true {
            if let found = Self.find(separator, in: buffer) {
                end = found
                break
            }
            guard try fill() else { break }
        }
        guard let end else { throw ClientError(description: "connection ended before a response head (\(buffer.count) bytes)") }
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeSubrange(0..<(end + 4))
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line in \(headText)")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let response = RawResponse(status: status, headers: headers, body: [])
        guard !head else { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length {
                guard try fill() else { throw ClientError(description: "connection ended inside a body") }
            }
            let body = Array(buffer[0..<length])
            buffer.removeSubrange(0..<length)
            return RawResponse(status: status, headers: headers, body: body)
        }
        let body = try readToEnd()
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// At least `count` bytes (what is buffered first).
    public func read(count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw ClientError(description: "connection ended after \(buffer.count) of \(count) bytes") }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeSubrange(0..<count)
        return bytes
    }

    /// Everything until the server closes (bounded by the read timeout); a reset counts as the end.
    public func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Whether the server closed the connection, reading and dropping anything before the end.
    public func waitForClose() throws -> Bool {
        while try fill() {}
        return true
    }

    /// Closes with a reset (RST) instead of a FIN, as a crashed client would.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    public func close() {
        guard !closed else { return }
        closed = true
        closeDescriptor(fd)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
