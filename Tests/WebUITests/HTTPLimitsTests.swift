import Testing
import WebUI

/// Every limit at exactly the limit (accepted) and one byte over (refused with its status).
@Suite struct HTTPLimitsTests {
    static let headLimit = HTTPRequestParser.defaultHeadLimit
    static let bodyLimit = HTTPRequestParser.defaultBodyLimit

    /// A 1.1 request whose head (through the blank line) is exactly `size` bytes.
    static func head(size: Int) -> [UInt8] {
        let fixed = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: \r\n\r\n".utf8.count
        return bytes("GET / HTTP/1.1\r\nHost: h\r\nX-Pad: " + String(repeating: "a", count: size - fixed) + "\r\n\r\n")
    }

    /// A 1.0 request (no headers) whose request line, CR LF included, is `size` bytes.
    static func requestLine(size: Int) -> [UInt8] {
        let fixed = "GET / HTTP/1.0\r\n".utf8.count
        return bytes("GET /" + String(repeating: "a", count: size - fixed) + " HTTP/1.0\r\n")
    }

    @Test func headAtTheLimit() {
        #expect(Self.head(size: Self.headLimit).count == 16 * 1024)
        #expect(request(parseWhole(Self.head(size: Self.headLimit))) != nil)
    }

    @Test func headOneOver() {
        #expect(parseWhole(Self.head(size: Self.headLimit + 1)) == .error(.headersTooLarge))
        #expect(HTTPRequestError.headersTooLarge.status.code == 431)
    }

    @Test func requestLineFillingTheHeadExactly() throws {
        // Request line plus the blank line is the whole head of a 1.0 request.
        let raw = Self.requestLine(size: Self.headLimit - 2) + bytes("\r\n")
        #expect(raw.count == Self.headLimit)
        #expect(
            try #require(request(parseWhole(raw))).path.count == Self.headLimit - 2 - 15,
            "the path is the line less \"GET \", \" HTTP/1.0\" and CR LF")
    }

    @Test func requestLineOneOver() {
        #expect(parseWhole(Self.requestLine(size: Self.headLimit + 1) + bytes("\r\n")) == .error(.requestLineTooLong))
        #expect(HTTPRequestError.requestLineTooLong.status.code == 414)
    }

    @Test func anEndlessLineIsRefusedOnceItPassesTheLimit() {
        var parser = HTTPRequestParser()
        #expect(parser.feed(Array(repeating: UInt8(ascii: "a"), count: Self.headLimit)) == .needMoreData)
        #expect(parser.feed([UInt8(ascii: "a")]) == .error(.requestLineTooLong))
    }

    @Test func endlessHeadersAreRefusedOnceTheyPassTheLimit() {
        var parser = HTTPRequestParser()
        #expect(parser.feed(bytes("GET / HTTP/1.1\r\n")) == .needMoreData)
        var result = HTTPRequestParser.ParseResult.needMoreData
        while result == .needMoreData { result = parser.feed(bytes("X: y\r\n")) }
        #expect(result == .error(.headersTooLarge))
    }

    static func post(contentLength: Int) -> [UInt8] {
        bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(contentLength)\r\n\r\n")
            + Array(repeating: UInt8(ascii: "b"), count: contentLength)
    }

    @Test func bodyAtTheLimit() throws {
        #expect(try #require(request(parseWhole(Self.post(contentLength: Self.bodyLimit)))).body.count == 64 * 1024)
    }

    @Test func bodyOneOverIsRefusedBeforeItArrives() {
        var parser = HTTPRequestParser()
        let head = bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(Self.bodyLimit + 1)\r\n\r\n")
        #expect(parser.feed(head) == .error(.bodyTooLarge))
        #expect(HTTPRequestError.bodyTooLarge.status.code == 413)
    }

    @Test func aHugeContentLengthDoesNotOverflow() {
        let raw = bytes("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999999\r\n\r\n")
        #expect(parseWhole(raw) == .error(.bodyTooLarge))
    }

    @Test func leadingEmptyLinesCountTowardTheHead() {
        let raw = bytes(String(repeating: "\r\n", count: Self.headLimit / 2)) + bytes("G")
        #expect(parseWhole(raw) == .error(.requestLineTooLong))
    }
}
