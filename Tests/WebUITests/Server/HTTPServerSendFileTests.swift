import FeatureHostTesting
import Testing
import WebUITesting

@testable import WebServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A prepared body large enough goes out with `sendfile` from a sealed in-memory file (issue 37, point 4: the copy
/// of the page's 45 KiB script into the socket on every request was what nginx's `sendfile on` saves); the head
/// still goes from memory, in order before it.
@Suite(.serialized) struct HTTPServerSendFileTests {
    private static let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 253) }

    @Test func aLargeBodyIsKeptAsASealedFileAndASmallOneIsNot() throws {
        let large = ByteChunk(Self.body, sendable: true)
        let small = PreparedResponse(HTTPServerResponse(status: .ok, body: Array("small".utf8), keepAlive: true))
        #expect(small.body.file == -1)
        #expect(ByteChunk(Self.body).file == -1)
        #if os(Linux)
            let prepared = PreparedResponse(HTTPServerResponse(status: .ok, body: Self.body, keepAlive: true))
            #expect(prepared.body.file >= 0)
            #expect(large.file >= 0)
            var copy = [UInt8](repeating: 0, count: Self.body.count + 1)
            let read = copy.withUnsafeMutableBytes { pread(large.file, $0.baseAddress, $0.count, 0) }
            #expect(read == Self.body.count)
            #expect(Array(copy.prefix(Self.body.count)) == Self.body)
            // Sealed: nothing can change what every later answer sends.
            let written = [UInt8](repeating: 0, count: 4).withUnsafeBytes { pwrite(large.file, $0.baseAddress, $0.count, 0) }
            #expect(written == -1)
        #endif
    }

    /// Memory, file, memory, file in one queue: the socket gets them in order, whole, whatever each write took.
    @Test func aQueueOfMemoryAndFilesIsSentInOrder() throws {
        var pair: [Int32] = [-1, -1]
        #if os(Linux)
            let kind = Int32(SOCK_STREAM.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        #expect(socketpair(AF_UNIX, kind, 0, &pair) == 0)
        defer { for end in pair { _ = close(end) } }
        let head = Array("HEAD\r\n".utf8)
        let second = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 % 7) }
        var queue = OutputQueue()
        queue.append(head)
        queue.append(ByteChunk(Self.body, sendable: true))
        queue.append(Array("between".utf8))
        queue.append(ByteChunk(second, sendable: true))
        let expected = head + Self.body + Array("between".utf8) + second
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // The reader drains between writes: the pair's buffer is smaller than the queue, so writes are partial.
        for end in pair { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        var rounds = 0
        while received.count < expected.count, rounds < 10_000 {
            rounds += 1
            if case .failed = queue.write(to: pair[0]) { Issue.record("the write failed") }
            let got = buffer.withUnsafeMutableBytes { recv(pair[1], $0.baseAddress, $0.count, 0) }
            if got > 0 { received += buffer.prefix(got) }
        }
        #expect(queue.isEmpty)
        #expect(received == expected)
    }

    /// A client that leaves in the middle of a body sent from a file: sendfile has no MSG_NOSIGNAL, so a SIGPIPE
    /// would end this test process; the server goes on answering the next client instead.
    @Test func aClientLeavingMidBodyDoesNotEndTheServer() throws {
        let fixture = try ServerFixture()
        let prepared = PreparedResponse(HTTPServerResponse(status: .ok, body: Self.body, keepAlive: true))
        fixture.server.answerImmediately { request in request.path == "/static" ? prepared : nil }
        for _ in 0..<4 {
            let leaving = try fixture.client()
            try leaving.send(String(repeating: get("/static"), count: 20))
            _ = try leaving.read(count: 1_000)
            leaving.close()
        }
        let client = try fixture.client()
        try client.send(get("/static"))
        #expect(try client.readResponse().body == Self.body)
    }
}
