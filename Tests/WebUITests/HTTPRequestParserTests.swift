import Testing
import WebUI

@Suite struct HTTPRequestParserTests {
    @Test func aGetWithQueryAndHeaders() throws {
        let raw =
            "GET /chats/caf%C3%A9%20bar?q=a+b&x=%26&flag HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
            + "X-Thing:   spaced value \t\r\nx-thing: second\r\n\r\n"
        let parsed = try #require(request(parseWhole(bytes(raw))))
        #expect(parsed.method == .get)
        #expect(parsed.path == "/chats/café bar")
        #expect(parsed.rawQuery == "q=a+b&x=%26&flag")
        #expect(parsed.queryItems.map { "\($0.name)=\($0.value)" } == ["q=a b", "x=&", "flag="])
        #expect(parsed.version == .http11)
        #expect(parsed.headers["HOST"] == "127.0.0.1:8080")
        #expect(parsed.headers["x-THING"] == "spaced value")
        #expect(parsed.headers.values(for: "X-Thing") == ["spaced value", "second"])
        #expect(parsed.headers.fields.map(\.name) == ["Host", "X-Thing", "x-thing"])
        #expect(parsed.body.isEmpty)
        #expect(parsed.keepAlive)
    }

    @Test func aPostWithBody() throws {
        let raw = "POST /event HTTP/1.1\r\nHost: h\r\nContent-Length: 12\r\nConnection: close\r\n\r\nhello\r\nworld"
        let parsed = try #require(request(parseWhole(bytes(raw))))
        #expect(parsed.method == .post)
        #expect(parsed.rawQuery == nil)
        #expect(parsed.body == bytes("hello\r\nworld"))
        #expect(!parsed.keepAlive)
    }

    @Test(arguments: [
        ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: Close\r\n", false),
        ("HTTP/1.1", "Connection: foo, close\r\n", false), ("HTTP/1.0", "", false),
        ("HTTP/1.0", "Connection: Keep-Alive\r\n", true),
        // Read from the bytes (issue 37): a browser's header, whitespace, empty and look-alike tokens, several fields.
        ("HTTP/1.1", "Connection: keep-alive\r\n", true), ("HTTP/1.1", "Connection: \t CLOSE \t\r\n", false),
        ("HTTP/1.1", "Connection: ,, ,keep-alive,\r\n", true), ("HTTP/1.1", "Connection: closed, xclose, clos\r\n", true),
        ("HTTP/1.1", "Connection: keep-alive\r\nconnection: upgrade , Close\r\n", false),
        ("HTTP/1.1", "Connection: clo se\r\n", true), ("HTTP/1.1", "Connection: c\u{00E9}lose, cl\u{0130}se\r\n", true),
        ("HTTP/1.0", "Connection: keep-alive, close\r\n", false), ("HTTP/1.0", "Connection: keep-alive-ish\r\n", false),
        ("HTTP/1.0", "Connection: TE\r\nConnection: KEEP-ALIVE\r\n", true), ("HTTP/1.0", "X-Connection: keep-alive\r\n", false),
        ("HTTP/1.0", "Connection: \u{212A}eep-alive\r\n", false), ("HTTP/1.1", "Connection: close\u{00A0}\r\n", true),
        // The name in any case, no space after the colon, a token list without spaces, an empty value, the 1.0 default.
        ("HTTP/1.0", "CoNnEcTiOn: KeEp-AlIvE\r\n", true), ("HTTP/1.1", "CONNECTION:close\r\n", false),
        ("HTTP/1.1", "Connection: keep-alive,close\r\n", false), ("HTTP/1.1", "Connection:\t\t\r\n", true),
        ("HTTP/1.0", "Connection:\t\t\r\n", false), ("HTTP/1.0", "Connection: close\r\n", false),
        ("HTTP/1.0", "Connection: Upgrade\r\n", false), ("HTTP/1.0", "Connection:keep-alive\t,\tTE\r\n", true),
        ("HTTP/1.1", "Connectio: close\r\nConnections: close\r\n", true), ("HTTP/1.1", "Connection: \"close\"\r\n", true),
    ])
    func keepAlive(version: String, header: String, expected: Bool) throws {
        let raw = "GET / \(version)\r\nHost: h\r\n\(header)\r\n"
        #expect(try #require(request(parseWhole(bytes(raw)))).keepAlive == expected)
    }

    /// Read as the header lines arrive: a request split at every byte reads the same, and each pipelined request
    /// has its own options (the second is not closed by the first's `close`, nor kept by its `keep-alive`).
    @Test func connectionIsReadPerRequestWhateverTheReads() {
        let raw = bytes(
            "GET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n" + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" + "GET /d HTTP/1.0\r\n\r\n")
        let whole = drain([raw]).compactMap(request)
        let byteByByte = drain(raw.map { [$0] }).compactMap(request)
        #expect(whole.map(\.path) == ["/a", "/b", "/c", "/d"])
        #expect(whole.map(\.keepAlive) == [false, true, true, false])
        #expect(byteByByte == whole)
    }

    /// Names compare without case: by their bytes when all are ASCII (the parser's, always), as Foundation's
    /// lowercasing when one is not (a Kelvin sign lowercases to `k`).
    @Test func headerNamesCompareWithoutCaseASCIIOrNot() {
        let ascii = HTTPHeaders([("Host", "h"), ("COOKIE", "a=1"), ("cookie", "b=2"), ("Cookies", "c=3")])
        #expect(ascii["host"] == "h")
        #expect(ascii.values(for: "Cookie") == ["a=1", "b=2"])
        #expect(ascii["Cooki"] == nil)
        let other = HTTPHeaders([("\u{212A}ey", "kelvin"), ("Key", "plain")])
        #expect(other.values(for: "key") == ["kelvin", "plain"])
        #expect(other["KEY"] == "kelvin")
    }

    @Test func http10NeedsNoHost() throws {
        let parsed = try #require(request(parseWhole(bytes("HEAD / HTTP/1.0\r\n\r\n"))))
        #expect(parsed.method == .head)
        #expect(parsed.version == .http10)
    }

    @Test func emptyLinesBeforeTheRequestLineAreSkipped() throws {
        let parsed = try #require(request(parseWhole(bytes("\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n"))))
        #expect(parsed.path == "/x")
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let raw = bytes(
            "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
                + "POST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                + "\r\nGET /c HTTP/1.1\r\nHost: h\r\n\r\n" + "GET /d HTTP/1.1\r\nHo")
        let results = drain([raw])
        #expect(results.compactMap { request($0)?.path } == ["/a", "/b", "/c"])
        #expect(results.count == 3)
        #expect(request(results[1])?.body == bytes("abc"))
    }

    @Test func aFailedParserStaysFailed() {
        var parser = HTTPRequestParser()
        #expect(parser.feed(bytes("BAD\r\n")) == .error(.malformedRequestLine))
        #expect(parser.feed(bytes("GET / HTTP/1.1\r\nHost: h\r\n\r\n")) == .error(.malformedRequestLine))
    }

    static let splitInputs: [String] = [
        "GET /p%20q?x=1 HTTP/1.1\r\nHost: h\r\nA: b\r\n\r\n",
        "POST /e HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello",
        "GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.0\r\nContent-Length: 2\r\n\r\nhiGET /c HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n",
        "PUT / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\ntoo long for the limit",
        "GET /" + String(repeating: "a", count: 60) + " HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "b", count: 33) + "\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "b", count: 32) + "\r\n\r\n",
    ]

    /// The 64-byte head limit used for the split tests is hit exactly where the tables say.
    @Test func theSplitInputsCoverBothSidesOfTheHeadLimit() {
        let atLimit = bytes(Self.splitInputs[9])
        #expect(atLimit.count == 64)
        #expect(drain([atLimit], headLimit: 64, bodyLimit: 8).compactMap(request).count == 1)
        #expect(drain([bytes(Self.splitInputs[8])], headLimit: 64, bodyLimit: 8) == [.error(.headersTooLarge)])
        #expect(drain([bytes(Self.splitInputs[7])], headLimit: 64, bodyLimit: 8) == [.error(.requestLineTooLong)])
    }

    /// Whatever the chunking, the parser yields the same requests and the same error.
    @Test(arguments: splitInputs)
    func splitAtEveryByteBoundary(raw: String) {
        let whole = bytes(raw)
        let expected = drain([whole], headLimit: 64, bodyLimit: 8)
        #expect(!expected.isEmpty)
        for cut in 0...whole.count {
            let pieces = [Array(whole[..<cut]), Array(whole[cut...])]
            #expect(drain(pieces, headLimit: 64, bodyLimit: 8) == expected, "cut at \(cut)")
        }
        #expect(drain(whole.map { [$0] }, headLimit: 64, bodyLimit: 8) == expected, "byte at a time")
    }
}
