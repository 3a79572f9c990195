import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The live transport against a hostile loopback server: every reply is bounded while it arrives, whatever the
/// server claims or sends. (What the process's memory does under the same replies is measured by
/// `HostileServerMemoryTests`, on a real `featurehost`.)
@Suite(.onItsOwnThread) struct HostileReplyTests {
    let server: LoopbackHTTPServer
    static let limit = 1024 * 1024

    init() throws { server = try LoopbackHTTPServer() }

    func get(_ path: String = "reply", limit: Int = limit, timeout: Double = 30) async throws -> HTTPResponse {
        try await LiveHTTPTransport().send(HTTPRequest(url: server.url(path), timeout: timeout, maximumBodySize: limit))
    }

    func expectTooLarge(_ reply: LoopbackHTTPServer.Reply, _ comment: Comment) async throws {
        server.respond(with: reply)
        await #expect(throws: HTTPError.bodyTooLarge(server.url("reply"), limit: Self.limit), comment) { try await get() }
    }

    @Test func theBombsAreRealCompressedStreams() async throws {
        for wrapper in [CompressionBomb.Wrapper.gzip, .zlib] {
            server.respond(with: HostileReply.compressionBomb(inflatedSize: 300_000, encoding: wrapper))
            let response = try await get()
            #expect(response.body == Data(count: 300_000), "\(wrapper): curl inflates it to exactly the zeros it stands for")
        }
        #expect(CRC32.ofZeros(count: 1000) == CRC32.of([UInt8](repeating: 0, count: 1000)))
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func aCompressionBombIsCutAtTheLimitNotInflated() async throws {
        // 256 times the limit in a quarter of it, with an honest Content-Length, in both encodings and without a
        // length. (HostileServerMemoryTests sends 2 GiB ones to a real featurehost.)
        for wrapper in [CompressionBomb.Wrapper.gzip, .zlib] {
            for framing in [LoopbackHTTPServer.Framing.contentLength, .closeDelimited, .chunked] {
                try await expectTooLarge(
                    HostileReply.compressionBomb(inflatedSize: 256 * Self.limit, encoding: wrapper, framing: framing),
                    "\(wrapper) \(framing)")
            }
        }
    }

    @Test func aBodyAnnouncedOverTheLimitIsRefusedBeforeItIsRead() async throws {
        try await expectTooLarge(HostileReply.huge(size: 400 << 20), "400 MiB announced")
        let sent = await server.waitForReplies(1)
        #expect(sent.count == 1 && sent.allSatisfy { $0 < 64 << 20 }, "the client hung up long before 400 MiB: \(sent)")
        try await expectTooLarge(
            LoopbackHTTPServer.Reply(stream: .padded([1], to: 10), framing: .declaredLength("99999999999999999999999")),
            "a length past Int64")
    }

    @Test func aBodyWithoutALengthIsCutAtTheLimit() async throws {
        try await expectTooLarge(HostileReply.huge(size: 400 << 20, framing: .closeDelimited), "closed-delimited")
        try await expectTooLarge(HostileReply.huge(size: 400 << 20, framing: .chunked), "chunked")
        let sent = await server.waitForReplies(2)
        #expect(sent.count == 2 && sent.allSatisfy { $0 < 64 << 20 }, "cut near the limit, not read to the end: \(sent)")
        // Exactly at the limit is fine.
        server.respond(with: HostileReply.huge(size: Self.limit, framing: .chunked))
        #expect(try await get().body.count == Self.limit)
    }

    @Test func aLyingLengthNeverYieldsMoreThanItSaid() async throws {
        // Says 10, sends a megabyte: the body is the 10 bytes it announced.
        server.respond(with: LoopbackHTTPServer.Reply(stream: .padded([7], to: 1 << 20), framing: .declaredLength("10")))
        #expect(try await get().body.count == 10)
        // Says a megabyte, sends 10 and hangs up.
        server.respond(with: LoopbackHTTPServer.Reply(stream: .padded([7], to: 10), framing: .declaredLength("1000000")))
        await #expect(throws: HTTPError.failed(server.url("reply"), reason: "the reply ended before the length it announced")) {
            try await get()
        }
    }

    @Test func aSlowBodyEndsAtTheDeadline() async throws {
        // 1,000 bytes at 20 a second would take 50 s.
        server.respond(with: HostileReply.slow(size: 1000, bytesPerPiece: 1, pause: 0.05))
        await #expect(throws: HTTPError.timedOut(server.url("reply"), seconds: 0.5)) { try await get(timeout: 0.5) }
    }

    @Test func encodingsTheHostDidNotAskForAreRefused() async throws {
        for encoding in ["br", "zstd", "gzip, gzip, gzip", "x-unknown"] {
            server.respond(with: LoopbackHTTPServer.Reply(headers: ["Content-Encoding": encoding], body: Data([1, 2, 3])))
            await #expect(
                throws: HTTPError.failed(
                    server.url("reply"), reason: "the reply is compressed as \"\(encoding)\", which the host does not read")
            ) { try await get() }
        }
        server.respond(with: LoopbackHTTPServer.Reply(headers: ["Content-Encoding": "gzip"], body: Data("not gzip".utf8)))
        await #expect(throws: HTTPError.failed(server.url("reply"), reason: "the reply's compressed body is damaged")) { try await get() }
    }

    @Test func headersPastTheLimitAreRefused() async throws {
        let headers = Dictionary(uniqueKeysWithValues: (0..<100).map { ("X-Filler-\($0)", String(repeating: "a", count: 1000)) })
        server.respond(with: LoopbackHTTPServer.Reply(headers: headers, body: Data("ok".utf8)))
        await #expect(throws: HTTPError.failed(server.url("reply"), reason: "the reply's headers are larger than 65536 bytes")) {
            try await get()
        }
    }

    @Test func aTimeoutThatIsNotAUsualNumberOfSecondsNeverTraps() async throws {
        server.respond(with: .text("ok"))
        // Zero, negative or not a number: an answer or an HTTPError (at once), never a trap.
        for timeout in [0, -1, Double.nan, -Double.infinity] {
            do {
                _ = try await get(timeout: timeout)
            } catch let error as HTTPError {
                _ = error.description
            }
        }
        // Huge and infinite timeouts are capped, not converted into an overflowing integer.
        #expect(try await get(timeout: 1e300).status == 200)
        #expect(try await get(timeout: .infinity).status == 200)
        #expect(HTTPError.timedOut(server.url("reply"), seconds: .infinity).description.hasSuffix("timed out after inf s."))
    }

    @Test func aCancelledRequestStopsAtOnce() async throws {
        server.respond(with: HostileReply.slow(size: 1000, bytesPerPiece: 1, pause: 0.5))
        let request = Task { try await get(timeout: 60) }
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
        while server.requests.isEmpty, Date() < limit { await Task.yield() }
        request.cancel()
        // The body would take 500 s and the deadline is 60 s: only the cancellation ends it with this error.
        await #expect(throws: HTTPError.cancelled(server.url("reply"))) { try await request.value }
    }

    @Test func theRequestGoesOutAsItWasMade() async throws {
        server.respond(with: .text("made", status: 201))
        let request = HTTPRequest(
            method: "POST", url: server.url("invite"), headers: ["Content-Type": "application/json"], body: Data(#"{"a":1}"#.utf8),
            timeout: 60)
        let response = try await LiveHTTPTransport().send(request)
        #expect(response.status == 201 && response.body == Data("made".utf8))
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        let received = try #require(server.requests.first)
        #expect(received.method == "POST" && received.path == "/invite" && received.bodyText == #"{"a":1}"#)
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.headers["accept-encoding"] == "gzip, deflate")
        #expect(received.headers["expect"] == nil)
    }

    /// Replies RFC 9112 calls invalid, which libcurl alone accepted or refused under another name (conformance
    /// review 6): each is refused, saying what was wrong.
    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nFoo: 1\rBar: 2\r\nContent-Length: 2\r\n\r\nok", "a line of its head holds a bare carriage return (CR)"),
        ("HTTP/1.1 200 OK\rContent-Length: 2\r\n\r\nok", "a line of its head holds a bare carriage return (CR)"),
        ("HTTP/1.1  200 OK\r\nContent-Length: 2\r\n\r\nok", #"its status line is not "HTTP/1.x", one space and a three-digit status"#),
        ("HTTP/1.1 200 OK\r\nen-US Content-Type: text/xml\r\nContent-Length: 2\r\n\r\nok", "a header name holds a space"),
        ("RTSP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", "its status line is not HTTP/1.x"),
        (
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunkedchunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
            #"its Transfer-Encoding "chunkedchunked" is not one the host reads"#
        ),
    ])
    func anInvalidHeadIsRefusedSayingWhatWasWrong(_ reply: String, _ fault: String) async throws {
        server.respond(with: LoopbackHTTPServer.Reply(body: Data(reply.utf8), framing: .verbatim))
        await #expect(throws: HTTPError.failed(server.url("reply"), reason: "the server's reply is not valid HTTP: \(fault)")) {
            try await get()
        }
    }

    @Test func aValidHeadWithBareLineFeedsIsRead() async throws {
        server.respond(
            with: LoopbackHTTPServer.Reply(body: Data("HTTP/1.1 200 OK\nContent-Length: 2\nX-A:  b \n\nok".utf8), framing: .verbatim))
        let response = try await get()
        #expect(response.status == 200 && response.body == Data("ok".utf8) && response.headers["x-a"] == "b")
    }
}
