import CWebServerFile
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the server could not start: the address it tried and the system's reason.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The system's error number, when a system call failed.
    public let code: Int32?

    init(_ what: String, errno code: Int32) {
        description = "\(what): \(String(cString: strerror(code))) (errno \(code))"
        self.code = code
    }

    init(_ message: String) {
        description = message
        code = nil
    }

    /// The address is not one this machine has (no IPv6 loopback, say): not an error for an optional listener.
    var isAddressUnavailable: Bool {
        code == EADDRNOTAVAIL || code == EAFNOSUPPORT
    }

    var isAddressInUse: Bool { code == EADDRINUSE }
}

/// Thin wrappers over the socket calls the loop needs; each failure carries errno's text.
enum Socket {
    /// A non-blocking listening socket bound to `host:port` (IPv4 dotted or IPv6 literal).
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws(HTTPServerError) -> Int32 {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if host.contains(":") {
            var sin6 = sockaddr_in6()
            guard inet_pton(AF_INET6, host, &sin6.sin6_addr) == 1 else {
                throw HTTPServerError("cannot listen on \(address): not an IPv4 or IPv6 address")
            }
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: sin6, as: sockaddr_in6.self) }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            family = AF_INET6
        } else {
            var sin = sockaddr_in()
            guard inet_pton(AF_INET, host, &sin.sin_addr) == 1 else {
                throw HTTPServerError("cannot listen on \(address): not an IPv4 or IPv6 address")
            }
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: sin, as: sockaddr_in.self) }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            family = AF_INET
        }
        #if canImport(Glibc)
            let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw HTTPServerError("cannot create a socket for \(address)", errno: errno) }
        var on: Int32 = 1
        // Lets a stopped server's port be bound again at once despite connections in TIME_WAIT.
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        if bound != 0 {
            let code = errno
            close(fd)
            throw HTTPServerError("cannot bind \(address)", errno: code)
        }
        if systemListen(fd, backlog) != 0 {
            let code = errno
            close(fd)
            throw HTTPServerError("cannot listen on \(address)", errno: code)
        }
        do throws(HTTPServerError) {
            try setNonBlocking(fd)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The port the kernel gave a listener (port 0 asks for a free one).
    static func boundPort(_ fd: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return 0 }
        return port(of: storage)
    }

    static func setNonBlocking(_ fd: Int32) throws(HTTPServerError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw HTTPServerError("cannot make descriptor \(fd) non-blocking", errno: errno)
        }
    }

    enum AcceptResult {
        case accepted(fd: Int32, peer: String)
        /// Nothing pending (EAGAIN), or a connection that went away before we took it.
        case none
        /// Out of descriptors or memory: the caller should stop accepting for a moment.
        case exhausted
    }

    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard fd >= 0 else {
            switch errno {
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .none
            }
        }
        guard (try? setNonBlocking(fd)) != nil else {
            close(fd)
            return .none
        }
        var on: Int32 = 1
        #if canImport(Darwin)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        // A patch is a small write that must go out now: without this, Nagle's algorithm holds it back until
        // the client acknowledges the previous one, which it may delay.
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return .accepted(fd: fd, peer: describe(storage))
    }

    enum IOResult {
        case transferred(Int)
        case wouldBlock
        /// EOF on a read.
        case closed
        case failed
    }

    static func read(_ fd: Int32, into buffer: inout [UInt8]) -> IOResult {
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .transferred(count) }
        if count == 0 { return .closed }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
    }

    /// Sends without ever raising SIGPIPE: a peer that went away is an error result, not a signal.
    static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> IOResult {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0  // SO_NOSIGPIPE is set on every accepted socket instead.
        #endif
        let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
        if count >= 0 { return .transferred(count) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
    }

    /// One gather write of `chunks` (the first `skipping` bytes of the first already sent), never raising SIGPIPE.
    /// `more`: a body follows by `sendFile`, so the kernel holds these bytes back to go out with it (`MSG_MORE`)
    /// rather than sending the head in a packet of its own.
    static func writeChunks(_ fd: Int32, _ chunks: ArraySlice<ByteChunk>, skipping: Int, more: Bool = false) -> IOResult {
        guard !chunks.isEmpty else { return .transferred(0) }
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        #else
            let flags: Int32 = 0  // SO_NOSIGPIPE is set on every accepted socket instead.
        #endif
        let count = withUnsafeTemporaryAllocation(of: iovec.self, capacity: chunks.count) { vectors -> Int in
            for (index, chunk) in chunks.enumerated() {
                let skip = index == 0 ? skipping : 0
                vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: chunk.base + skip), iov_len: chunk.count - skip)
            }
            var message = msghdr()
            message.msg_iov = vectors.baseAddress
            message.msg_iovlen = numericCast(chunks.count)
            return sendmsg(fd, &message, flags)
        }
        if count >= 0 { return .transferred(count) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
    }

    /// Up to `count` bytes of `file` from `offset` with `sendfile`: the kernel sends the file's pages, no copy from
    /// here, and never a SIGPIPE (`featurehost_send_file`). Only a chunk that has a file comes here (Linux).
    static func sendFile(_ fd: Int32, from file: Int32, offset: Int, count: Int) -> IOResult {
        let sent = featurehost_send_file(fd, file, Int64(offset), count)
        if sent >= 0 { return .transferred(Int(sent)) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .failed
    }

    /// `host:port` of an accepted peer, for log lines.
    static func describe(_ storage: sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var copy = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let sin = withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in.self) }
            var address = sin.sin_addr
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            return "\(cText(text)):\(UInt16(bigEndian: sin.sin_port))"
        case AF_INET6:
            let sin6 = withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in6.self) }
            var address = sin6.sin6_addr
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            return "[\(cText(text))]:\(UInt16(bigEndian: sin6.sin6_port))"
        default:
            return "unknown peer"
        }
    }

    /// A NUL-terminated buffer filled by a C call.
    private static func cText(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func port(of storage: sockaddr_storage) -> UInt16 {
        var copy = storage
        switch Int32(storage.ss_family) {
        case AF_INET: return UInt16(bigEndian: withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in.self) }.sin_port)
        case AF_INET6: return UInt16(bigEndian: withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in6.self) }.sin6_port)
        default: return 0
        }
    }
}

// `listen` and `accept` are shadowed inside `Socket` by its own functions of the same names.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
    accept(fd, address, &length)
}
